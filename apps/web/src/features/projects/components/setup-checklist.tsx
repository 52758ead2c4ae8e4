import type { SetupChecklistItem } from '@dd/domain';
import { Alert, Anchor, List, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSetupChecklist } from '../api/get-setup-checklist.ts';

const ITEMS: Record<SetupChecklistItem, (detail: string | null) => ReactNode> = {
  'default-account-manager': () => (
    <>
      Choose a{' '}
      <Anchor component={Link} to="/project-settings" inherit>
        default account manager
      </Anchor>
      : every new lead gets one (until then only admins hear of new leads).
    </>
  ),
  'work-hours': () => (
    <>
      Set the{' '}
      <Anchor component={Link} to="/project-settings" inherit>
        work hours
      </Anchor>{' '}
      clients can book calls in.
    </>
  ),
  smtp: () => 'Connect a mail server (SMTP_URL): until then mail waits in the outbox and nobody receives it.',
  'public-url': () => 'Set the public address (PUBLIC_URL): links in mails point to this server.',
  'mail-sender': (detail) => (
    <>
      Mail goes out from <strong>{detail}</strong>, a domain that cannot receive mail: providers refuse or
      spam-folder it and replies bounce. Set MAIL_FROM to an address at your own domain.
    </>
  ),
};

/** The admins' setup checklist on their first screen, until each item is done. */
export function SetupChecklist({ enabled }: { enabled: boolean }) {
  const checklist = useSetupChecklist(enabled);
  const todo = (checklist.data ?? []).filter((i) => !i.done);
  if (!enabled || todo.length === 0) return null;
  return (
    <Alert color="yellow" title="Finish setting up" mb="md">
      <Text size="sm" mb="xs">
        So that every lead and call reaches the right person:
      </Text>
      <List size="sm" spacing={4}>
        {todo.map((i) => (
          <List.Item key={i.item}>{ITEMS[i.item](i.detail)}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
