import { Card, Switch, Text } from '@mantine/core';
import { useDigestSetting, useSetDigest } from '../api/digest-setting.ts';

/**
 * The client's own digest setting (docs/product.md §F2): one mail a day at 08:00 in their timezone with the
 * updates posted since the last one. Turned off by the mail's unsubscribe link, on again here.
 */
export function DigestToggle() {
  const setting = useDigestSetting(true);
  const save = useSetDigest();
  if (setting.isError) return null;
  const on = save.isPending ? save.variables : setting.data;
  return (
    <Card withBorder radius="md" padding="md">
      <Switch
        label="Daily e-mail digest"
        description="Every morning at 08:00 (your timezone), the updates posted on your projects since the last digest. Nothing is sent on days without news."
        checked={on === true}
        disabled={setting.isPending || save.isPending}
        onChange={(event) => save.mutate(event.currentTarget.checked)}
      />
      {save.isError && (
        <Text c="red" size="sm" mt="xs">
          The setting was not saved. Try again.
        </Text>
      )}
    </Card>
  );
}
