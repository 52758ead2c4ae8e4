import { can, LABELS, relativeDate } from '@dd/domain';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title, Typography } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { exactTime } from '../../../lib/exact-time.ts';
import { ItemBoundary } from '../../../lib/item-boundary.tsx';
import { lazyComponent, preloadOnIntent, whenLoaded } from '../../../lib/lazy-component.tsx';
import { PersonAvatar } from '../../../lib/ui/person-avatar.tsx';
import { useActor } from '../../auth/api/get-session.ts';
import type { ProjectView } from '../api/get-project.ts';
import { type ProjectUpdate, useProjectUpdates } from '../api/get-project-updates.ts';
import { ScheduleCallPrompt } from './schedule-call/schedule-call-prompt.tsx';

// The form and its rules (zod, @mantine/form) load when the pointer or focus reaches 'Add update', not
// with the page: the first update shows sooner (docs/product.md §F5).
const NewUpdateModal = lazyComponent(
  () => import('./new-update-modal.tsx'),
  (m) => m.NewUpdateModal,
);

function replyHref(email: string, projectTitle: string, created: string): string {
  const subject = `Re: ${projectTitle} update of ${created.slice(0, 10)}`;
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`;
}

function UpdateItem({
  update,
  now,
  replyTo,
}: {
  update: ProjectUpdate;
  now: Date;
  /** The project title when the viewer may reply by e-mail (docs/product.md §C6), else null. */
  replyTo: string | null;
}) {
  const name = update.reporter?.name ?? 'Former member';
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group gap="sm" wrap="nowrap" mb="xs">
        <PersonAvatar name={name} avatar={update.reporter?.avatar ?? null} />
        <div>
          <Text size="sm" fw={600}>
            {name}
          </Text>
          <Text
            size="xs"
            c="dimmed"
            component="time"
            dateTime={update.created}
            title={update.created ? exactTime(update.created) : undefined}
          >
            {relativeDate(update.created, now)}
          </Text>
        </div>
      </Group>
      <Typography fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (docs/adr/0034). */}
        <div dangerouslySetInnerHTML={{ __html: update.html }} />
      </Typography>
      {replyTo !== null && update.reporter?.email && (
        <Anchor href={replyHref(update.reporter.email, replyTo, update.created)} size="xs">
          Reply by e-mail
        </Anchor>
      )}
    </Paper>
  );
}

/** Right column: the updates feed, newest first, and ADD UPDATE for the roles allowed (docs/product.md §C2, §C6). */
export function ProjectUpdates({
  project,
  aside,
}: {
  project: ProjectView;
  /** Shown between the discovery call and the feed (the client's team, docs/product.md §F5). */
  aside?: ReactNode;
}) {
  const actor = useActor();
  const updates = useProjectUpdates(project.id);
  const [opened, { open, close }] = useDisclosure(false);
  // Mounted from the first opening on, so closing keeps its transition.
  const [mounted, setMounted] = useState(false);
  const ref = { ownerId: project.ownerId, clientIds: project.clientIds };
  const mayPost = can(actor, 'project:post-update', ref);
  const replyTo = can(actor, 'project:reply-by-email', ref) ? project.title : null;
  const now = new Date();
  return (
    <Stack gap="sm" component="section" aria-labelledby="project-updates-title">
      <Group justify="space-between">
        <Title order={2} size="h4" id="project-updates-title">
          Updates
        </Title>
        {mayPost && actor && (
          <Button
            onClick={() =>
              whenLoaded(NewUpdateModal, () => {
                setMounted(true);
                open();
              })
            }
            size="sm"
            {...preloadOnIntent(NewUpdateModal)}
          >
            {LABELS.buttons.addUpdate}
          </Button>
        )}
      </Group>
      <ScheduleCallPrompt projectId={project.id} project={ref} />
      {aside}
      {updates.isPending && <Loader size="sm" aria-label="Loading updates" />}
      {updates.isError && (
        <Alert color="red" title="The updates could not be loaded.">
          <Group justify="space-between" gap="xs">
            <Text size="sm">Check your connection and try again.</Text>
            <Button
              size="compact-sm"
              variant="white"
              color="red"
              loading={updates.isRefetching}
              onClick={() => void updates.refetch()}
            >
              Retry
            </Button>
          </Group>
        </Alert>
      )}
      {updates.data?.length === 0 && (
        <Text c="dimmed" size="sm">
          No updates yet. The team posts here as the work moves on.
        </Text>
      )}
      {updates.data && updates.data.length > 0 && (
        <Stack
          gap="sm"
          component="ul"
          aria-label="Project updates"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {updates.data.map((u) => (
            <ItemBoundary key={u.id}>
              <UpdateItem update={u} now={now} replyTo={replyTo} />
            </ItemBoundary>
          ))}
        </Stack>
      )}
      {mayPost && actor && mounted && (
        <NewUpdateModal opened={opened} onClose={close} projectId={project.id} reporterUserId={actor.id} />
      )}
    </Stack>
  );
}
