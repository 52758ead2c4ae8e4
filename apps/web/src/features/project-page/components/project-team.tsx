import { can, formatPhone, isRole, LABELS, ROLE_LABELS } from '@dd/domain';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useProductLabel } from '../../../lib/app-config.ts';
import { PersonAvatar } from '../../../lib/ui/person-avatar.tsx';
import { PhoneLink } from '../../../lib/ui/phone-link.tsx';
import { useActor } from '../../auth/api/get-session.ts';
import { PendingInvitations } from '../../invitations/components/pending-invitations.tsx';
import { ProjectObservers } from '../../invitations/components/project-observers.tsx';
import type { Person, ProjectView } from '../api/get-project.ts';

// The invitation form loads when a team editor first opens it.
// The editor's pickers are Mantine's Select and MultiSelect (lib-ui-overlays): loaded with the right
// column, which mounts after the updates, not before the page's first paint (docs/adr/0029). The page
// shows the whole right column once it is here (its Suspense), so nothing in it moves down.
const TeamEditor = lazy(async () => ({ default: (await import('./team-editor.tsx')).TeamEditor }));
const InvitePersonModal = lazy(async () => ({
  default: (await import('../../invitations/components/invite-person-modal.tsx')).InvitePersonModal,
}));

function Member({ person, role }: { person: Person; role: string }) {
  return (
    <Group gap="sm" wrap="nowrap" component="li" style={{ minWidth: 0 }}>
      <PersonAvatar name={person.name} avatar={person.avatar} />
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate>
          {person.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {role}
        </Text>
        {/* The server leaves contacts out for readonlyManager; nothing to hide here. */}
        {(person.email || person.phone) && (
          <Group gap={8} wrap="nowrap">
            {person.email && (
              <Anchor
                href={`mailto:${person.email}`}
                size="xs"
                title={person.email}
                aria-label={`E-mail ${person.name}`}
              >
                E-mail
              </Anchor>
            )}
            {person.phone && (
              <PhoneLink
                phone={person.phone}
                size="xs"
                title={formatPhone(person.phone)}
                aria-label={`Call ${person.name}`}
              >
                Call
              </PhoneLink>
            )}
          </Group>
        )}
      </div>
    </Group>
  );
}

/** The read-only 'Team' list for those who may not edit the team (docs/product.md §C6). */
function TeamList({ project }: { project: ProjectView }) {
  const label = (role: string) => (isRole(role) ? ROLE_LABELS[role] : role);
  const members = [
    ...(project.accountManager ? [{ person: project.accountManager, role: ROLE_LABELS.accountManager }] : []),
    ...project.developers.map((p) => ({ person: p, role: label('developer') })),
    ...project.projectManagers.map((p) => ({ person: p, role: label('projectManager') })),
  ];
  return (
    <>
      {members.length === 0 ? (
        <Text size="sm" c="dimmed">
          No one is assigned to this project yet.
        </Text>
      ) : (
        <SimpleGrid
          cols={{ base: 2, lg: 3 }}
          spacing="sm"
          verticalSpacing="sm"
          component="ul"
          aria-label={LABELS.team}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {members.map((m) => (
            <Member key={`${m.role}-${m.person.id}`} person={m.person} role={m.role} />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}

/**
 * 'Your {product}' (docs/product.md §C2, §C6): the team editor (account manager, developers and project
 * managers with reminder toggles, add-person modals, Save) for those the team rule allows, else the
 * read-only 'Team' list.
 */
export function ProjectTeam({ project }: { project: ProjectView }) {
  const product = useProductLabel();
  const actor = useActor();
  const mayEdit = can(actor, 'project:manage-team', {
    ownerId: project.ownerId,
    clientIds: project.clientIds,
  });
  const [inviting, setInviting] = useState<boolean | null>(null);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="project-team-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id="project-team-title">
            Your {product}
          </Title>
          {mayEdit && (
            <Button size="compact-sm" variant="light" onClick={() => setInviting(true)}>
              Invite a person
            </Button>
          )}
        </Group>
        {inviting !== null && (
          <Suspense fallback={null}>
            <InvitePersonModal
              project={{ id: project.id, title: project.title }}
              opened={inviting}
              onClose={() => setInviting(false)}
            />
          </Suspense>
        )}
        {mayEdit && <PendingInvitations projectId={project.id} />}
        {mayEdit ? <TeamEditor key={project.id} project={project} /> : <TeamList project={project} />}
        <ProjectObservers projectId={project.id} grid={!mayEdit} />
      </Stack>
    </Paper>
  );
}
