import { isReminderEnabled } from '@dd/domain';
import { Switch } from '@mantine/core';
import type { ReminderSetting } from '../api/get-reminder-settings.ts';
import { useToggleReminder } from '../api/toggle-reminder.ts';

/** One member's reminder toggle (docs/product.md §C4): no setting means enabled. */
export function ReminderSwitch({
  projectId,
  userId,
  name,
  setting,
  loading,
}: {
  projectId: number;
  userId: number;
  name: string;
  setting: ReminderSetting | null;
  /** The settings are still loading: the switch waits rather than show a guess. */
  loading: boolean;
}) {
  const toggle = useToggleReminder();
  return (
    <Switch
      size="sm"
      label="Reminders"
      aria-label={`Reminders for ${name}`}
      checked={isReminderEnabled(setting)}
      disabled={loading || toggle.isPending}
      onChange={() => toggle.mutate({ projectId, userId, setting })}
    />
  );
}
