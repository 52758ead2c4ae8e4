import { ACCESS_TOKEN_NAME_MAX, type AccessTokenScope, can } from '@dd/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-client.ts';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog.tsx';
import { TitledPage } from '../../../lib/ui/titled-page.tsx';
import { toActor, useSession } from '../../auth/api/get-session.ts';
import {
  type TokenOwners,
  useAccessTokens,
  useCreateAccessToken,
  useRevokeAccessToken,
} from '../api/access-tokens.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a new token lives; every token expires (ADR 0052: a year at most). */
const LIFETIMES = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
];
const SCOPE_LABEL: Record<AccessTokenScope, string> = { read: 'Read only', write: 'Read and write' };

const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * Personal access tokens (docs/product.md §D4, ADR 0052): named keys for integrations that act as me.
 * The secret shows once, right after it is made; a revoked token stops at once. Admins also see and
 * revoke everyone's.
 */
export function AccessTokensPage() {
  const isAdmin = can(toActor(useSession()), 'access-token:manage-all');
  const [owners, setOwners] = useState<TokenOwners>('mine');
  return (
    <TitledPage title="Access tokens" size="md">
      <Stack gap="md">
        <Text>
          A token lets a script or another service (Zapier, n8n, your own tools) use the API as you, with your
          role and never more. Send it in the header <code>Authorization: Bearer &lt;token&gt;</code>. The API
          is described at{' '}
          <Anchor href="/api/docs" target="_blank" rel="noopener">
            /api/docs
          </Anchor>
          . See also your{' '}
          <Anchor component={Link} to="/notification-settings">
            notification settings
          </Anchor>
          .
        </Text>
        <NewTokenCard />
        <Card withBorder padding="lg" component="section" aria-labelledby="tokens-title">
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap">
              <Title order={2} size="h4" id="tokens-title">
                {owners === 'mine' ? 'Your tokens' : "Everyone's tokens"}
              </Title>
              {isAdmin && (
                <SegmentedControl
                  size="xs"
                  value={owners}
                  onChange={(value) => setOwners(value as TokenOwners)}
                  data={[
                    { value: 'mine', label: 'Mine' },
                    { value: 'all', label: 'Everyone' },
                  ]}
                  aria-label="Whose tokens"
                />
              )}
            </Group>
            <TokenList owners={owners} />
          </Stack>
        </Card>
      </Stack>
    </TitledPage>
  );
}

function NewTokenCard() {
  const create = useCreateAccessToken();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<AccessTokenScope>('read');
  const [days, setDays] = useState('90');
  const [nameError, setNameError] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ name: string; token: string } | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Name is required');
      return;
    }
    setNameError(null);
    create.mutate(
      { name: trimmed, scope, expiresAt: new Date(Date.now() + Number(days) * DAY_MS) },
      {
        onSuccess: (token) => {
          setSecret({ name: token.name, token: token.token });
          setName('');
        },
      },
    );
  };
  const serverError = create.error;
  const fieldError =
    isApiError(serverError) && serverError.pointerField === 'name' ? serverError.message : null;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="new-token-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="new-token-title">
            New token
          </Title>
          <TextInput
            label="Name"
            description="What uses it, so you know which one to revoke"
            placeholder="e.g. Zapier"
            value={name}
            maxLength={ACCESS_TOKEN_NAME_MAX}
            onChange={(e) => setName(e.currentTarget.value)}
            error={nameError ?? fieldError}
            required
          />
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label="Access"
              data={[
                { value: 'read', label: SCOPE_LABEL.read },
                { value: 'write', label: SCOPE_LABEL.write },
              ]}
              value={scope}
              onChange={(value) => value && setScope(value as AccessTokenScope)}
              allowDeselect={false}
              miw={160}
            />
            <Select
              label="Expires after"
              data={LIFETIMES}
              value={days}
              onChange={(value) => value && setDays(value)}
              allowDeselect={false}
              miw={160}
            />
          </Group>
          {serverError && !fieldError && (
            <Alert color="red" title="The token was not made">
              {isApiError(serverError) && serverError.status !== 0
                ? serverError.message
                : 'The server could not be reached. Please try again.'}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              CREATE TOKEN
            </Button>
          </Group>
          {secret && (
            <Card withBorder padding="md" bg="var(--mantine-color-gray-0)" role="status">
              <Stack gap="xs">
                <Text fw={700}>Token “{secret.name}” made</Text>
                <Text size="sm">Copy it now: it is not shown again. Anyone who has it acts as you.</Text>
                <TextInput
                  aria-label="Your new token (shown once)"
                  value={secret.token}
                  readOnly
                  onFocus={(e) => e.currentTarget.select()}
                  styles={{ input: { fontFamily: 'monospace' } }}
                />
                <Group justify="flex-end">
                  <CopyButton value={secret.token}>
                    {({ copied, copy }) => (
                      <Button onClick={copy} color={copied ? 'teal' : undefined} size="xs">
                        {copied ? 'COPIED' : 'COPY TOKEN'}
                      </Button>
                    )}
                  </CopyButton>
                  <Button size="xs" variant="default" onClick={() => setSecret(null)}>
                    DONE
                  </Button>
                </Group>
              </Stack>
            </Card>
          )}
        </Stack>
      </form>
    </Card>
  );
}

function TokenList({ owners }: { owners: TokenOwners }) {
  const tokens = useAccessTokens(owners);
  const revoke = useRevokeAccessToken();
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);

  if (tokens.isPending)
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>Loading…</Text>
      </Group>
    );
  if (tokens.isError)
    return (
      <Alert color="red" title="Could not load the tokens">
        <Button size="xs" variant="light" onClick={() => void tokens.refetch()}>
          RETRY
        </Button>
      </Alert>
    );
  if (tokens.data.length === 0)
    return (
      <Text c="dimmed">
        {owners === 'mine' ? 'You have no access tokens.' : 'Nobody has an access token.'}
      </Text>
    );
  return (
    <>
      <Table.ScrollContainer minWidth={owners === 'all' ? 680 : 560}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              {owners === 'all' && <Table.Th>Owner</Table.Th>}
              <Table.Th>Access</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>Expires</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tokens.data.map((token) => (
              <Table.Tr key={token.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {token.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    made {shortDate(token.created)}
                  </Text>
                </Table.Td>
                {owners === 'all' && <Table.Td>{token.userName}</Table.Td>}
                <Table.Td>
                  <Badge variant="light" color={token.scope === 'write' ? 'orange' : 'gray'}>
                    {SCOPE_LABEL[token.scope]}
                  </Badge>
                </Table.Td>
                <Table.Td>{token.lastUsed ? shortDate(token.lastUsed) : 'Never'}</Table.Td>
                <Table.Td>{shortDate(token.expiresAt)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => setRevoking({ id: token.id, name: token.name })}
                    aria-label={`Revoke ${token.name}`}
                  >
                    REVOKE
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={revoking !== null}
        message={`Revoke “${revoking?.name ?? ''}”? Whatever uses it is refused from its next request on.`}
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSettled: () => setRevoking(null) })}
      />
    </>
  );
}
