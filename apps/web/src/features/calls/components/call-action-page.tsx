import type { CallStatus } from '@dd/domain';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../auth/api/get-session.ts';
import { useCallAction, useConfirmCallAction } from '../api/signed-call-action.ts';
import { callTime, STATUS_COLORS, STATUS_LABELS } from './call-format.ts';
import { useViewerZone } from './use-viewer-zone.ts';

const errorText = (error: unknown) =>
  isApiError(error) ? (error.firstError?.title ?? error.message) : 'Something went wrong. Try again.';

/**
 * /call-action?token=: where a mail's one-click Approve or Decline link lands (docs/product.md §F1). A
 * visitor signs in first and comes back here; then the page shows the call and one button, and only
 * that button (a POST) approves or declines: a mail scanner opening the link changes nothing.
 */
export function CallActionPage() {
  const session = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  if (!session)
    return (
      <Navigate
        to={`/login/signin?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`}
        replace
      />
    );
  return <SignedInCallAction token={token} />;
}

function SignedInCallAction({ token }: { token: string }) {
  const action = useCallAction(token);
  const confirm = useConfirmCallAction();
  const verb = action.data?.action === 'decline' ? 'Decline' : 'Approve';
  useDocumentTitle(`${verb} the call · Delivery Desk`);
  // The viewer's profile zone, as on the Calls screen; the client's own time follows when it differs.
  const zone = useViewerZone();

  return (
    <Stack maw={560} mx="auto" p="md" gap="md">
      <Title order={1} size="h3">
        {action.data ? `${verb} the discovery call?` : 'Discovery call'}
      </Title>
      {action.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>Loading the call…</Text>
        </Group>
      ) : action.isError ? (
        <Alert color="red" title="This link does not work" role="alert">
          <Stack gap="sm">
            <Text size="sm">{errorText(action.error)}</Text>
            <Button component={Link} to="/calls" variant="light" w="fit-content">
              Go to the Calls screen
            </Button>
          </Stack>
        </Alert>
      ) : confirm.isSuccess ? (
        <Alert color="green" title={verb === 'Approve' ? 'Call approved' : 'Call declined'} role="status">
          <Stack gap="sm">
            <Text size="sm">The client has been told by e-mail.</Text>
            <Button component={Link} to="/calls" variant="light" w="fit-content">
              Go to the Calls screen
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Card withBorder padding="lg" component="section" aria-label="The call">
          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text fw={600}>{action.data.call.project_title}</Text>
              <Badge color={STATUS_COLORS[action.data.call.status as CallStatus] ?? 'gray'} variant="dot">
                {STATUS_LABELS[action.data.call.status as CallStatus] ?? action.data.call.status}
              </Badge>
            </Group>
            <Text size="sm">Client: {action.data.call.client_name}</Text>
            <Text size="sm">
              <time dateTime={action.data.call.scheduled}>
                {callTime(action.data.call.scheduled, zone)} ({zone})
              </time>
            </Text>
            {action.data.call.timezone && action.data.call.timezone !== zone && (
              <Text size="sm" c="dimmed">
                {callTime(action.data.call.scheduled, action.data.call.timezone)} for the client (
                {action.data.call.timezone})
              </Text>
            )}
            {confirm.isError && (
              <Alert color="red" role="alert" title="Not done">
                {errorText(confirm.error)}
              </Alert>
            )}
            <Group justify="flex-end" mt="sm" wrap="wrap">
              <Button component={Link} to="/calls" variant="default">
                Not now
              </Button>
              <Button
                color={verb === 'Approve' ? undefined : 'red.9'}
                loading={confirm.isPending}
                onClick={() => confirm.mutate(token)}
              >
                {verb === 'Approve' ? 'Approve call' : 'Decline call'}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
