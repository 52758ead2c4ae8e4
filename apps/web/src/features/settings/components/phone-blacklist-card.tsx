import { MESSAGES, parsePhonePrefixes } from '@dd/domain';
import { Alert, Button, Card, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify.ts';
import { usePhonePrefixBlacklist } from '../api/get-phone-prefix-blacklist.ts';
import { useSavePhonePrefixBlacklist } from '../api/save-phone-prefix-blacklist.ts';

/**
 * Callers whose phone starts with one of these prefixes see the rate-and-budget message, and their
 * discovery calls wait for staff approval (docs/product.md §C6, §C9).
 */
export function PhoneBlacklistCard() {
  const setting = usePhonePrefixBlacklist();
  const save = useSavePhonePrefixBlacklist();
  // null: not edited on this visit, so the saved value shows.
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? setting.data?.value ?? '';
  const invalid = /[^\d\s,;+]/.test(value) ? 'Phone prefixes are digits separated by commas' : null;

  const onSave = () => {
    if (invalid || setting.data === undefined) return;
    save.mutate(
      { existing: setting.data, value: value.trim() },
      {
        onSuccess: () => {
          setDraft(null);
          notifySuccess(MESSAGES.updated);
        },
      },
    );
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="phone-blacklist-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="phone-blacklist-title">
          Calls held for approval
        </Title>
        {setting.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>Loading…</Text>
          </Group>
        ) : setting.isError ? (
          <Alert color="red" title="Could not load the phone prefixes">
            Reload the page to try again.
          </Alert>
        ) : (
          <>
            <Textarea
              label="Blacklisted phone prefixes"
              description="Country or area codes, e.g. 234, 92. Clients whose phone starts with one are asked for their rate and budget, and their discovery calls wait for approval."
              autosize
              minRows={2}
              value={value}
              error={invalid}
              onChange={(event) => setDraft(event.currentTarget.value)}
            />
            <Text size="sm" c="dimmed">
              {parsePhonePrefixes(value).length === 0
                ? 'No prefixes: every call is booked at once.'
                : `${parsePhonePrefixes(value).length} prefix(es) in force.`}
            </Text>
            <Group justify="flex-end">
              <Button onClick={onSave} loading={save.isPending} disabled={draft === null || invalid !== null}>
                SAVE PREFIXES
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
