import { relativeDate } from '@dd/domain';
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMarkNotificationsRead } from '../api/mark-notifications-read.ts';
import { type NotificationRecord, unreadOf, useNotifications } from '../api/search-notifications.ts';

const badge = (n: number) => (n > 99 ? '99+' : String(n));

function Entry({
  entry,
  onOpen,
}: {
  entry: NotificationRecord;
  onOpen: (entry: NotificationRecord) => void;
}) {
  return (
    <UnstyledButton
      onClick={() => onOpen(entry)}
      className="dd-notification-entry"
      data-unread={entry.read ? undefined : 'true'}
      aria-label={`${entry.read ? '' : 'Unread: '}${entry.title}`}
      p="xs"
      w="100%"
      style={{ borderRadius: 6, background: entry.read ? undefined : 'var(--mantine-color-blue-0)' }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Box
          aria-hidden
          mt={7}
          w={8}
          h={8}
          style={{
            flex: 'none',
            borderRadius: 4,
            background: entry.read ? 'transparent' : 'var(--mantine-color-blue-6)',
          }}
        />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={entry.read ? 400 : 600} style={{ overflowWrap: 'anywhere' }}>
            {entry.title}
          </Text>
          <Text size="xs" c="dimmed">
            {relativeDate(entry.created, new Date())}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/**
 * The notification bell of the header (docs/adr/0020-notifications.md): the unread count, and a list
 * newest first with older pages on demand. Opening an entry marks it read and goes to its thing; the
 * list refreshes live through the event stream ('notification' events, app/shell/live-updates.ts).
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const list = useNotifications(true);
  const markRead = useMarkNotificationsRead();
  const unread = unreadOf(list.data);
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? [];

  const open = (entry: NotificationRecord) => {
    if (!entry.read) markRead.mutate({ ids: [entry.id] });
    setOpened(false);
    navigate(entry.link);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      shadow="md"
      width="min(360px, calc(100vw - 24px))"
      withinPortal
      trapFocus
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={() => setOpened((o) => !o)}
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          data-testid="notification-bell"
          style={{ overflow: 'visible' }}
        >
          <Indicator
            label={<span aria-hidden>{badge(unread)}</span>}
            size={16}
            offset={1}
            disabled={unread === 0}
            color="red"
          >
            <IconBell size={20} stroke={1.6} aria-hidden style={{ display: 'block' }} />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="xs" aria-label="Notifications">
        <Group justify="space-between" px="xs" pb="xs">
          <Text fw={700}>Notifications</Text>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={unread === 0 || markRead.isPending}
            onClick={() => markRead.mutate({ all: true })}
          >
            Mark all read
          </Button>
        </Group>
        {list.isPending ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label="Loading notifications" />
          </Group>
        ) : list.isError ? (
          <Stack align="center" gap="xs" p="md">
            <Text size="sm">Could not load your notifications.</Text>
            <Button size="compact-sm" variant="light" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Stack>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed" p="md" ta="center">
            Nothing yet. New leads, calls, updates and answers to your invitations show here.
          </Text>
        ) : (
          <ScrollArea.Autosize mah="min(420px, 60vh)" type="auto">
            <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {rows.map((entry) => (
                <li key={entry.id}>
                  <Entry entry={entry} onOpen={open} />
                  {entry.actions && entry.actions.length > 0 && (
                    // A call waiting for approval: its signed one-click links (docs/product.md §F1),
                    // which open the confirm page; nothing is approved until its button is pressed.
                    <Group gap="xs" pl={30} pb={4}>
                      {entry.actions.map((a) => (
                        <Button
                          key={a.action}
                          component={Link}
                          to={a.link}
                          size="compact-xs"
                          variant="light"
                          color={a.action === 'approve' ? undefined : 'red.9'}
                          onClick={() => setOpened(false)}
                          aria-label={`${a.label}: ${entry.title}`}
                        >
                          {a.label}
                        </Button>
                      ))}
                    </Group>
                  )}
                </li>
              ))}
            </Stack>
            {list.hasNextPage && (
              <Group justify="center" pt="xs">
                <Button
                  variant="subtle"
                  size="compact-sm"
                  loading={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  Show older
                </Button>
              </Group>
            )}
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end" px="xs" pt="xs" gap="md">
          <Anchor component={Link} to="/access-tokens" size="sm" onClick={() => setOpened(false)}>
            Access tokens
          </Anchor>
          <Anchor component={Link} to="/notification-settings" size="sm" onClick={() => setOpened(false)}>
            Notification settings
          </Anchor>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
