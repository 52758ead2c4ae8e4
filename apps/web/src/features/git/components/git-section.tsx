import { can, GIT_PROVIDER_NAMES, relativeDate } from '@dd/domain';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog.tsx';
import { useActor } from '../../auth/api/get-session.ts';
import type { RepositoryWithSecret } from '../api/connect-repository.ts';
import { useGitActivity } from '../api/get-git-activity.ts';
import { type Repository, useRepositories } from '../api/get-repositories.ts';
import { useDisconnectRepository, useRotateSecret } from '../api/manage-repository.ts';
import { ConnectRepositoryForm } from './connect-repository-form.tsx';
import { GitActivityList } from './git-activity-list.tsx';
import { WebhookSetup } from './webhook-setup.tsx';

/** What `can()` needs of the project for the Git rules. */
export type GitProject = { id: number; ownerId: number | null; clientIds: number[]; managerIds: number[] };

function RepositoryRow({
  repository,
  manage,
  projectId,
  onSecret,
}: {
  repository: Repository;
  manage: boolean;
  projectId: number;
  onSecret: (r: RepositoryWithSecret) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [confirmingRotate, setConfirmingRotate] = useState(false);
  const rotate = useRotateSecret();
  const disconnect = useDisconnectRepository();
  const target = { projectId, repositoryId: repository.id };
  return (
    <Group justify="space-between" gap="xs" component="li" wrap="wrap">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {GIT_PROVIDER_NAMES[repository.provider]} · {repository.name}
        </Text>
        <Text size="xs" c="dimmed">
          {repository.lastDelivery
            ? `Last delivery ${relativeDate(repository.lastDelivery, new Date())}`
            : 'No delivery received yet'}
        </Text>
      </Stack>
      {manage && (
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            loading={rotate.isPending}
            onClick={() => setConfirmingRotate(true)}
          >
            Rotate secret
          </Button>
          <Button size="xs" variant="light" color="red" onClick={() => setConfirming(true)}>
            Disconnect
          </Button>
          <ConfirmDialog
            opened={confirming}
            message={`Disconnect ${repository.name}? Its webhook stops working; the commits and requests already shown stay.`}
            busy={disconnect.isPending}
            onCancel={() => setConfirming(false)}
            onConfirm={() => disconnect.mutate(target, { onSuccess: () => setConfirming(false) })}
          />
          <ConfirmDialog
            opened={confirmingRotate}
            message={`Make a new secret for ${repository.name}? Deliveries signed with the current one are refused from now on, until you paste the new secret into the provider's webhook.`}
            busy={rotate.isPending}
            onCancel={() => setConfirmingRotate(false)}
            onConfirm={() => {
              if (rotate.isPending) return;
              rotate.mutate(target, { onSuccess: onSecret, onSettled: () => setConfirmingRotate(false) });
            }}
          />
        </Group>
      )}
    </Group>
  );
}

/**
 * The project's Git tab: its repositories (connect, rotate, disconnect for admins and the project's
 * project managers), and what their webhooks brought in, refreshed live on each delivery.
 */
export function GitSection({ project }: { project: GitProject }) {
  const actor = useActor();
  const manage = can(actor, 'project:git-manage', project);
  const repositories = useRepositories(project.id);
  const activity = useGitActivity(project.id);
  const [secret, setSecret] = useState<RepositoryWithSecret | null>(null);

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          Repositories
        </Title>
        <Stack gap="md">
          {repositories.isPending ? (
            <Loader size="sm" aria-label="Loading repositories" />
          ) : repositories.isError ? (
            <Alert color="red">The repositories could not be loaded.</Alert>
          ) : repositories.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              No repository is connected to this project.
            </Text>
          ) : (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {repositories.data.map((r) => (
                <RepositoryRow
                  key={r.id}
                  repository={r}
                  manage={manage}
                  projectId={project.id}
                  onSecret={setSecret}
                />
              ))}
            </Stack>
          )}
          {secret && <WebhookSetup repository={secret} onDone={() => setSecret(null)} />}
          {manage && <ConnectRepositoryForm projectId={project.id} onConnected={setSecret} />}
        </Stack>
      </Paper>
      {activity.isPending ? (
        <Center mih={120}>
          <Loader aria-label="Loading Git activity" />
        </Center>
      ) : activity.isError ? (
        <Alert color="red">The Git activity could not be loaded.</Alert>
      ) : (
        <GitActivityList commits={activity.data.commits} requests={activity.data.requests} />
      )}
    </Stack>
  );
}
