import { GIT_PROVIDER_NAMES, type GitProvider } from '@dd/domain';
import { Alert, Button, Code, CopyButton, Group, List, Stack, Text, TextInput } from '@mantine/core';
import type { RepositoryWithSecret } from '../api/connect-repository.ts';

const STEPS: Record<GitProvider, (r: RepositoryWithSecret) => string[]> = {
  github: (r) => [
    `On GitHub, open ${r.name} → Settings → Webhooks → Add webhook.`,
    'Payload URL: the webhook URL below. Content type: application/json.',
    'Secret: the secret below. SSL verification: enabled.',
    'Which events: “Let me select individual events” → Pushes, Pull requests, Branch or tag creation, Branch or tag deletion.',
    'Keep “Active” checked and press Add webhook: GitHub sends a ping, and this page shows its time.',
  ],
  gitlab: (r) => [
    `On GitLab, open ${r.name} → Settings → Webhooks → Add new webhook.`,
    'URL: the webhook URL below.',
    'Secret token: the secret below.',
    'Trigger: Push events (all branches) and Merge request events.',
    'Keep SSL verification enabled and press Add webhook; “Test → Push events” sends a first delivery.',
  ],
};

function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput
        label={label}
        value={value}
        readOnly
        style={{ flex: 1, minWidth: 0 }}
        styles={{ input: { fontFamily: 'monospace' } }}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button variant="default" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** The webhook URL and the secret, shown this once, with the provider's exact steps. */
export function WebhookSetup({
  repository,
  onDone,
}: {
  repository: RepositoryWithSecret;
  onDone: () => void;
}) {
  return (
    <Alert
      color="yellow"
      title={`Set up the ${GIT_PROVIDER_NAMES[repository.provider]} webhook for ${repository.name}`}
      role="region"
    >
      <Stack gap="sm">
        <Text size="sm">
          Copy the secret now: it is shown only this once. If it is lost, rotate it and update the webhook.
        </Text>
        <CopyField label="Webhook URL" value={repository.webhookUrl} />
        <CopyField label="Secret" value={repository.secret} />
        <List type="ordered" size="sm" spacing={4}>
          {STEPS[repository.provider](repository).map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
        <Text size="sm">
          In commit messages and request titles, <Code>#123</Code> links task 123; <Code>[Starts #123]</Code>,{' '}
          <Code>[Finishes #123]</Code> and <Code>[Delivers #123]</Code> move it; <Code>Fixes #123</Code>{' '}
          delivers it once merged into the default branch.
        </Text>
        <Group justify="flex-end">
          <Button onClick={onDone}>I have saved the secret</Button>
        </Group>
      </Stack>
    </Alert>
  );
}
