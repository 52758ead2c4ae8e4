import { can, DELIVERY_MESSAGES, formatDateTime } from '@dd/domain';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title, Typography } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { ItemBoundary } from '../../../lib/item-boundary.tsx';
import { lazyComponent, preloadOnIntent, whenLoaded } from '../../../lib/lazy-component.tsx';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog.tsx';
import { useActor } from '../../auth/api/get-session.ts';
import { useDecideDelivery } from '../api/decide-delivery.ts';
import { type Delivery, useDecidedDeliveries, useWaitingDeliveries } from '../api/get-deliveries.ts';
import type { ProjectView } from '../api/get-project.ts';

// The reject form and its rule (zod) load when the pointer or focus reaches Reject, not with the page
// (docs/adr/0017, docs/adr/0029): the project page's first screen carries no forms library.
const RejectModal = lazyComponent(
  () => import('./delivery-reject-modal.tsx'),
  (m) => m.RejectModal,
);

const when = (iso: string | null) => (iso ? formatDateTime(iso) : '');
const errorTitle = (error: unknown) =>
  isApiError(error) && error.firstError?.title ? error.firstError.title : 'The decision could not be saved.';

/**
 * "Waiting for your review" (docs/adr/0021-delivery-review-and-report.md): the project's delivered tasks,
 * each with Accept and Reject (a reason is required), and the past decisions under them. Shown above the
 * updates when there is anything to show; it refreshes live when the team delivers.
 */
export function DeliveryReview({ project }: { project: ProjectView }) {
  const actor = useActor();
  const ref = { ownerId: project.ownerId, clientIds: project.clientIds };
  const readable = can(actor, 'project:read-deliveries', ref);
  const mayDecide = can(actor, 'project:decide-delivery', ref);
  const waiting = useWaitingDeliveries(project.id);
  const decided = useDecidedDeliveries(project.id);
  const past = decided.data?.pages.flatMap((page) => page.items) ?? [];
  if (!readable) return null;
  if (waiting.isPending) return <Skeleton h={96} aria-label="Loading deliveries" />;
  if (waiting.isError)
    return (
      <Alert color="red" title="Deliveries could not be loaded" role="alert">
        <Button size="compact-sm" variant="light" onClick={() => void waiting.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  const items = waiting.data.items;
  if (items.length === 0 && past.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="delivery-review-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="delivery-review-title">
            {DELIVERY_MESSAGES.reviewTitle}
          </Title>
          {items.length > 0 && (
            <Badge color="blue.9" variant="filled" aria-label={`${waiting.data.total} waiting`}>
              {waiting.data.total}
            </Badge>
          )}
        </Group>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing is waiting for your review right now.
          </Text>
        ) : (
          <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((delivery) => (
              <ItemBoundary key={delivery.id}>
                <WaitingDelivery delivery={delivery} projectId={project.id} mayDecide={mayDecide} />
              </ItemBoundary>
            ))}
          </Stack>
        )}
        {past.length > 0 && (
          <Stack gap={6} component="section" aria-labelledby="past-decisions-title">
            <Title order={3} size="h6" id="past-decisions-title">
              Past decisions
            </Title>
            <Stack component="ul" gap={6} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {past.map((delivery) => (
                <ItemBoundary key={delivery.id}>
                  <PastDecision delivery={delivery} />
                </ItemBoundary>
              ))}
            </Stack>
            {decided.hasNextPage && (
              <Button
                variant="subtle"
                size="compact-sm"
                loading={decided.isFetchingNextPage}
                onClick={() => void decided.fetchNextPage()}
              >
                Show more decisions
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function WaitingDelivery({
  delivery,
  projectId,
  mayDecide,
}: {
  delivery: Delivery;
  projectId: number;
  mayDecide: boolean;
}) {
  const decide = useDecideDelivery();
  const [rejecting, setRejecting] = useState(false);
  const [rejectMounted, setRejectMounted] = useState(false);
  const [accepting, setAccepting] = useState(false);
  const titleId = `delivery-${delivery.id}-title`;
  return (
    <Paper component="li" withBorder radius="sm" p="sm" aria-labelledby={titleId}>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {delivery.title}
          </Text>
          {delivery.taskType && (
            <Badge variant="outline" size="sm">
              {delivery.taskType}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          Delivered{delivery.deliveredByName ? ` by ${delivery.deliveredByName}` : ''}
          {delivery.deliveredAt ? ` on ${when(delivery.deliveredAt)}` : ''}
          {delivery.estimate ? ` · ${delivery.estimate} h estimated` : ''}
        </Text>
        {delivery.description && (
          <Typography fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (docs/adr/0034). */}
            <div dangerouslySetInnerHTML={{ __html: delivery.descriptionHtml }} />
          </Typography>
        )}
        {decide.isError && !rejecting && (
          <Text size="sm" c="red.9" role="alert">
            {errorTitle(decide.error)}
          </Text>
        )}
        {mayDecide && (
          <Group gap="xs">
            <Button
              size="sm"
              color="teal.9"
              loading={decide.isPending && decide.variables?.decision === 'accept'}
              disabled={decide.isPending}
              onClick={() => setAccepting(true)}
              aria-describedby={titleId}
            >
              Accept
            </Button>
            <Button
              size="sm"
              color="red"
              variant="light"
              disabled={decide.isPending}
              onClick={() =>
                whenLoaded(RejectModal, () => {
                  decide.reset();
                  setRejectMounted(true);
                  setRejecting(true);
                })
              }
              aria-describedby={titleId}
              {...preloadOnIntent(RejectModal)}
            >
              Reject
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={accepting}
        message={`Accept “${delivery.title}”? The team is told the work is done as you wanted it.`}
        busy={decide.isPending}
        onCancel={() => setAccepting(false)}
        onConfirm={() => {
          if (decide.isPending) return;
          decide.mutate(
            { projectId, taskId: delivery.id, decision: 'accept' },
            { onSettled: () => setAccepting(false) },
          );
        }}
      />
      {rejectMounted && (
        <RejectModal
          opened={rejecting}
          title={delivery.title}
          pending={decide.isPending}
          serverError={decide.isError ? errorTitle(decide.error) : null}
          onClose={() => setRejecting(false)}
          onSubmit={(reason) =>
            decide.mutate(
              { projectId, taskId: delivery.id, decision: 'reject', reason },
              { onSuccess: () => setRejecting(false) },
            )
          }
        />
      )}
    </Paper>
  );
}

function PastDecision({ delivery }: { delivery: Delivery }) {
  const accepted = delivery.status === 'accepted';
  return (
    <Text component="li" size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Badge size="xs" color={accepted ? 'teal.9' : 'red.9'} variant="filled" mr={6}>
        {accepted ? 'Accepted' : 'Rejected'}
      </Badge>
      <strong>{delivery.title}</strong>
      <Text span size="xs" c="dimmed">
        {' '}
        {delivery.decidedByName ? `by ${delivery.decidedByName}` : ''}
        {delivery.decidedAt ? ` on ${when(delivery.decidedAt)}` : ''}
      </Text>
      {delivery.reason && (
        <Text size="xs" c="dimmed" component="span" display="block">
          “{delivery.reason}”
        </Text>
      )}
    </Text>
  );
}
