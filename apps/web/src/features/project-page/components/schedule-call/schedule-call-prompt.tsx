import { can, type ProjectRef } from '@dd/domain';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useActor } from '../../../auth/api/get-session.ts';
import { browserTimezone, useScheduleCallCaller } from '../../api/schedule-call-caller.ts';
import { type ScheduledCall, useMyScheduledCalls } from '../../api/schedule-call-my-calls.ts';
import { useProjectScheduledCalls } from '../../api/schedule-call-project-calls.ts';
import { isChangeableCall, OpenCallActions } from './open-call-actions.tsx';
import { longDateTime, shortTime } from './schedule-call-format.ts';

// The picker and its date library load only when someone opens the modal.
const ScheduleCallModal = lazy(async () => ({
  default: (await import('./schedule-call-modal.tsx')).ScheduleCallModal,
}));

const STATUS_LABEL: Record<ScheduledCall['status'], string> = {
  booked: 'Booked',
  pending_approval: 'Waiting for approval',
  cancelled: 'Cancelled',
};

function CallLine({
  call,
  timezone,
  showBooker,
  actions,
}: {
  call: ScheduledCall;
  timezone: string;
  showBooker: boolean;
  actions?: ReactNode;
}) {
  return (
    <Group component="li" gap="xs" justify="space-between" wrap="wrap">
      <Text size="sm">
        {/* Every time shown names its zone (docs/product.md §F5): the viewer's, and the booker's own. */}
        <time dateTime={call.scheduled}>
          {longDateTime(call.scheduled, timezone)} ({timezone})
        </time>
        {showBooker && call.bookedBy
          ? call.timezone && call.timezone !== timezone
            ? ` · ${call.bookedBy.name}, ${shortTime(call.scheduled, call.timezone)} in ${call.timezone}`
            : ` · ${call.bookedBy.name}`
          : ''}
      </Text>
      <Badge
        variant="dot"
        color={call.status === 'booked' ? 'teal' : call.status === 'cancelled' ? 'gray' : 'yellow'}
      >
        {STATUS_LABEL[call.status]}
      </Badge>
      {actions}
    </Group>
  );
}

const callList = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** The owner's prompt (docs/product.md §C6: only the project owner sees it in the updates feed) and their booked calls. */
function OwnerPrompt({ projectId, userId }: { projectId: number; userId: number }) {
  const [opened, setOpened] = useState(false);
  const [mounted, setMounted] = useState(false);
  const calls = useMyScheduledCalls(projectId, true);
  const caller = useScheduleCallCaller(userId);
  const timezone = caller.data?.timezone ?? browserTimezone();
  const upcoming = (calls.data ?? []).filter((c) => isChangeableCall(c, Date.now()));
  const open = () => {
    setMounted(true);
    setOpened(true);
  };
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="discovery-call-title">
      {upcoming.length === 0 ? (
        <Group justify="space-between" gap="xs" wrap="wrap">
          <div style={{ flex: '1 1 200px' }}>
            <Title order={3} size="h5" id="discovery-call-title">
              Free discovery call
            </Title>
            <Text size="sm">Talk your project through with our team in a free 30-minute call.</Text>
          </div>
          <Button size="sm" onClick={open}>
            Schedule a call
          </Button>
        </Group>
      ) : (
        <Stack gap="xs">
          <Title order={3} size="h5" id="discovery-call-title">
            Free discovery call
          </Title>
          <Stack gap={4} component="ul" aria-label="Your discovery calls" style={callList}>
            {upcoming.map((call) => (
              <CallLine
                key={call.id}
                call={call}
                timezone={timezone}
                showBooker={false}
                actions={<OpenCallActions call={call} timezone={timezone} />}
              />
            ))}
          </Stack>
          {/* One open call per project (docs/product.md §C9): no picker for a second one; the client moves
              or cancels the open call instead. */}
          <Text size="sm" c="dimmed">
            Need another time? Move the call, or cancel it and book again.
          </Text>
        </Stack>
      )}
      {mounted && (
        <Suspense fallback={null}>
          <ScheduleCallModal projectId={projectId} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </Paper>
  );
}

/** Staff see every call booked on the project, pending approval ones included (docs/product.md §C9). */
function StaffCalls({ projectId }: { projectId: number }) {
  const calls = useProjectScheduledCalls(projectId, true);
  const list = (calls.data ?? []).filter((c) => c.status !== 'cancelled');
  if (list.length === 0) return null;
  const timezone = browserTimezone();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="discovery-calls-title">
      <Stack gap="xs">
        <Title order={3} size="h5" id="discovery-calls-title">
          Discovery calls
        </Title>
        <Stack gap={4} component="ul" aria-label="Discovery calls on this project" style={callList}>
          {list.map((call) => (
            <CallLine key={call.id} call={call} timezone={timezone} showBooker />
          ))}
        </Stack>
        <Text size="xs" c="dimmed">
          Times in your timezone ({timezone}).
        </Text>
      </Stack>
    </Paper>
  );
}

/** The discovery-call part of the updates feed: the owner's prompt, or the booked calls for staff. */
export function ScheduleCallPrompt({ projectId, project }: { projectId: number; project: ProjectRef }) {
  const actor = useActor();
  if (actor && can(actor, 'project:book-call', project))
    return <OwnerPrompt projectId={projectId} userId={actor.id} />;
  if (actor && can(actor, 'project:see-calls', project)) return <StaffCalls projectId={projectId} />;
  return null;
}
