import { isRole, ROLE_LABELS } from '@dd/domain';
import { Group, SimpleGrid, Text, Title } from '@mantine/core';
import { PersonAvatar } from '../../../lib/ui/person-avatar.tsx';
import { useProjectObservers } from '../api/get-project-observers.ts';

/**
 * The project's observers (docs/product.md §A8: people with an account who were invited to it), under the
 * team. Nothing shows while there are none or while they load; the list follows the team's live event.
 */
export function ProjectObservers({ projectId, grid = false }: { projectId: number; grid?: boolean }) {
  const observers = useProjectObservers(projectId);
  if (!observers.data || observers.data.length === 0) return null;
  return (
    <section aria-labelledby={`project-observers-${projectId}`}>
      <Title order={3} size="h6" id={`project-observers-${projectId}`} mb={6}>
        Observers
      </Title>
      {/* Laid out like the team list it follows: in columns under the read-only list, one a row under
          the editor (a narrow panel beside the updates, where columns would cut the names). */}
      <SimpleGrid
        cols={grid ? { base: 2, lg: 3 } : 1}
        spacing="sm"
        verticalSpacing="sm"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {observers.data.map((person) => (
          <Group key={person.id} gap="sm" wrap="nowrap" component="li" style={{ minWidth: 0 }}>
            <PersonAvatar name={person.name} avatar={person.avatar} />
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {person.name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {isRole(person.role) ? ROLE_LABELS[person.role] : person.role}
              </Text>
            </div>
          </Group>
        ))}
      </SimpleGrid>
    </section>
  );
}
