import {
  GIT_MESSAGES,
  GIT_PROVIDER_NAMES,
  GIT_PROVIDERS,
  type GitProvider,
  repositoryCreateSchema,
} from '@dd/domain';
import { Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { type RepositoryWithSecret, useConnectRepository } from '../api/connect-repository.ts';

/** Connect a repository by provider and owner/name; the answer's secret goes to `onConnected`, once. */
export function ConnectRepositoryForm({
  projectId,
  onConnected,
}: {
  projectId: number;
  onConnected: (repository: RepositoryWithSecret) => void;
}) {
  const [provider, setProvider] = useState<GitProvider>('github');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const connect = useConnectRepository();
  // Taken at once on submit, not on the next render: a double click's second click finds it taken, so
  // one request goes out and its shown-once secret is not replaced by a 409 "already connected".
  const sending = useRef(false);
  const submit = () => {
    const parsed = repositoryCreateSchema.safeParse({ data: { attributes: { provider, name } } });
    if (!parsed.success) {
      setError(GIT_MESSAGES.name);
      return;
    }
    if (sending.current) return;
    sending.current = true;
    connect.mutate(
      { projectId, ...parsed.data.data.attributes },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: (repository) => {
          setName('');
          onConnected(repository);
        },
        onError: (failure) =>
          setError(
            (isApiError(failure) && failure.firstError?.title) || 'The repository could not be connected',
          ),
      },
    );
  };
  return (
    <form
      noValidate
      aria-label="Connect a repository"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="xs">
        <Text fw={600} size="sm" id="git-provider-label">
          Connect a repository
        </Text>
        <SegmentedControl
          aria-labelledby="git-provider-label"
          value={provider}
          onChange={(value) => setProvider(value as GitProvider)}
          data={GIT_PROVIDERS.map((p) => ({ value: p, label: GIT_PROVIDER_NAMES[p] }))}
          w={{ base: '100%', xs: 'auto' }}
        />
        <Group align="flex-start" gap="xs" wrap="wrap">
          <TextInput
            label="Repository"
            description="owner/name, as in the repository's address"
            placeholder="acme/shop"
            required
            value={name}
            error={error}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
            style={{ flex: '1 1 220px' }}
          />
          <Button type="submit" loading={connect.isPending} mt={{ base: 0, xs: 46 }}>
            Connect
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
