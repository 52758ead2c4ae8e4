import { Alert, Button, Card, CopyButton, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../lib/ui/confirm-dialog.tsx';
import { useCalendarFeed } from '../api/get-calendar-feed.ts';
import { useResetCalendarFeed } from '../api/reset-calendar-feed.ts';

/**
 * The private calendar feed (docs/product.md §F1): a secret URL of my calls for Google, Apple or Thunderbird. Only
 * a hash of its token is stored, so the URL shows once, right after it is made; a new one kills the old.
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const reset = useResetCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const make = () =>
    reset.mutate(undefined, {
      onSuccess: setUrl,
      onSettled: () => setConfirming(false),
    });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="calendar-feed-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="calendar-feed-title">
          Calendar feed
        </Title>
        <Text size="sm">
          Subscribe to your calls in Google Calendar, Apple Calendar or Thunderbird with this private address.
          Anyone who has it can read your calls: keep it secret, and make a new one if it leaks.
        </Text>
        {feed.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>Loading…</Text>
          </Group>
        ) : feed.isError ? (
          <Alert color="red" title="Could not load your calendar feed">
            <Button size="xs" variant="light" onClick={() => feed.refetch()}>
              RETRY
            </Button>
          </Alert>
        ) : url ? (
          <>
            <TextInput
              label="Your feed address (shown once)"
              value={url}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
            />
            <Group justify="flex-end">
              <CopyButton value={url}>
                {({ copied, copy }) => (
                  <Button onClick={copy} color={copied ? 'teal' : undefined}>
                    {copied ? 'COPIED' : 'COPY ADDRESS'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </>
        ) : (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              {feed.data.active
                ? `You made a feed address on ${new Date(feed.data.created ?? '').toLocaleDateString()}. It is not shown again; a new one stops the old one.`
                : 'You have no feed address yet.'}
            </Text>
            {/* A reset kills the old address: every calendar subscribed to it stops updating. */}
            <Button
              onClick={feed.data.active ? () => setConfirming(true) : make}
              loading={reset.isPending}
              variant={feed.data.active ? 'light' : 'filled'}
            >
              {feed.data.active ? 'RESET ADDRESS' : 'MAKE FEED ADDRESS'}
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        message="Make a new feed address? The current one stops working at once: calendars subscribed to it stop updating until you subscribe them to the new address."
        busy={reset.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={make}
      />
    </Card>
  );
}
