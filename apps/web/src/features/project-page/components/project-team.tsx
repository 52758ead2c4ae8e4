import { isRole, LABELS, ROLE_LABELS } from '@dd/domain';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useProductLabel } from '../../../lib/app-config.ts';
import type { Person, ProjectView } from '../api/get-project.ts';
import { PersonAvatar } from './person-avatar.tsx';

function Member({ person, role }: { person: Person; role: string }) {
  return (
    <Group gap="sm" wrap="nowrap" component="li">
      <PersonAvatar name={person.name} avatar={person.avatar} />
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {person.name}
        </Text>
        <Text size="xs" c="dimmed">
          {role}
        </Text>
        {/* The server leaves contacts out for readonlyManager; nothing to hide here. */}
        {person.email && (
          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
            {person.email}
          </Text>
        )}
        {person.phone && <Text size="xs">{person.phone}</Text>}
      </div>
    </Group>
  );
}

/**
 * 'Your {product}' (client spec §2, §6): the account manager, developers and project managers.
 * Shown read-only as the 'Team' list; team editing is not built yet.
 */
export function ProjectTeam({ project }: { project: ProjectView }) {
  const product = useProductLabel();
  const label = (role: string) => (isRole(role) ? ROLE_LABELS[role] : role);
  const members = [
    ...(project.accountManager ? [{ person: project.accountManager, role: ROLE_LABELS.accountManager }] : []),
    ...project.developers.map((p) => ({ person: p, role: label('developer') })),
    ...project.projectManagers.map((p) => ({ person: p, role: label('projectManager') })),
  ];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="project-team-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="project-team-title">
          Your {product}
        </Title>
        <Text fw={600} size="sm" id="project-team-list">
          {LABELS.team}
        </Text>
        {members.length === 0 ? (
          <Text size="sm" c="dimmed">
            No one is assigned to this project yet.
          </Text>
        ) : (
          <Stack
            gap="sm"
            component="ul"
            aria-labelledby="project-team-list"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {members.map((m) => (
              <Member key={`${m.role}-${m.person.id}`} person={m.person} role={m.role} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
