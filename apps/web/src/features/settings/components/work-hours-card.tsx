import { MESSAGES, type WorkDay, type WorkPeriod, workHoursUpdateSchema } from '@dd/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { DateField } from '../../../lib/ui/date-range-inputs.tsx';
import { useWorkHoursSettings } from '../api/get-work-hours-settings.ts';
import { useSaveWorkHoursSettings } from '../api/save-work-hours-settings.ts';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
/** 00:00 .. 24:00 in 30-minute steps. */
const TIMES = Array.from(
  { length: 49 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
);
const DEFAULT_PERIOD: WorkPeriod = { start: '09:00', end: '17:00' };

type Draft = { days: Record<number, WorkPeriod[]>; daysOff: string[] };

function toDraft(days: WorkDay[], daysOff: string[]): Draft {
  const byDay: Record<number, WorkPeriod[]> = {};
  for (const d of days) byDay[d.weekday] = d.periods.map((p) => ({ ...p }));
  return { days: byDay, daysOff: [...daysOff] };
}

/**
 * Company work hours per weekday and days off (docs/product.md §F1), in the company timezone. Saving replaces
 * both; the clients' free slots change at once, and calls already booked stay booked.
 */
export function WorkHoursCard() {
  const settings = useWorkHoursSettings();
  const save = useSaveWorkHoursSettings();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [newDayOff, setNewDayOff] = useState('');
  const current = draft ?? (settings.data ? toDraft(settings.data.days, settings.data.daysOff) : null);

  const update = (change: (d: Draft) => void) => {
    if (!current) return;
    const next: Draft = { days: { ...current.days }, daysOff: [...current.daysOff] };
    change(next);
    setDraft(next);
  };
  const payload = current
    ? {
        days: Object.entries(current.days)
          .map(([weekday, periods]) => ({ weekday: Number(weekday) as WorkDay['weekday'], periods }))
          .filter((d) => d.periods.length > 0)
          .sort((a, b) => a.weekday - b.weekday),
        days_off: current.daysOff,
      }
    : null;
  const check = payload ? workHoursUpdateSchema.safeParse(payload) : null;
  const problem = check && !check.success ? (check.error.issues[0]?.message ?? 'Check the hours') : null;

  const onSave = () => {
    if (!payload || problem) return;
    save.mutate(
      { days: payload.days, daysOff: payload.days_off },
      {
        onSuccess: () => {
          setDraft(null);
          notifySuccess(MESSAGES.updated);
        },
        onError: (error) => notifyError(isApiError(error) ? error.message : MESSAGES.genericError),
      },
    );
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="work-hours-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="work-hours-title">
          Work hours for discovery calls
        </Title>
        {settings.isPending || !current ? (
          settings.isError ? (
            <Alert color="red" title="Could not load the work hours">
              <Button size="xs" variant="light" onClick={() => settings.refetch()}>
                RETRY
              </Button>
            </Alert>
          ) : (
            <Group gap="sm" role="status">
              <Loader size="sm" />
              <Text>Loading…</Text>
            </Group>
          )
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Times in the company timezone ({settings.data?.timezone}), 30-minute steps. Changes apply to
              free slots at once; calls already booked stay booked and are flagged on the Calls screen.
            </Text>
            {WEEKDAYS.map((name, index) => {
              const weekday = index + 1;
              const periods = current.days[weekday] ?? [];
              return (
                <Stack key={name} gap={4}>
                  <Checkbox
                    label={name}
                    checked={periods.length > 0}
                    onChange={(e) => {
                      const open = e.currentTarget.checked;
                      update((d) => {
                        d.days[weekday] = open ? [{ ...DEFAULT_PERIOD }] : [];
                      });
                    }}
                  />
                  {periods.map((period, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: periods have no id; the inputs are controlled, so a removal re-renders the right values
                    <Group key={`${name}-${i}`} gap="xs" pl="lg" wrap="wrap">
                      {(['start', 'end'] as const).map((edge) => (
                        <Select
                          key={edge}
                          aria-label={`${name} period ${i + 1} ${edge}`}
                          w={120}
                          data={TIMES}
                          value={period[edge]}
                          allowDeselect={false}
                          onChange={(v) =>
                            v &&
                            update((d) => {
                              d.days[weekday] = periods.map((p, j) => (j === i ? { ...p, [edge]: v } : p));
                            })
                          }
                        />
                      ))}
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${name} period ${i + 1}`}
                        onClick={() =>
                          update((d) => {
                            d.days[weekday] = periods.filter((_, j) => j !== i);
                          })
                        }
                      >
                        ×
                      </ActionIcon>
                    </Group>
                  ))}
                  {periods.length > 0 && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      ml="lg"
                      w="fit-content"
                      onClick={() =>
                        update((d) => {
                          d.days[weekday] = [...periods, { start: '18:00', end: '20:00' }];
                        })
                      }
                    >
                      + add period
                    </Button>
                  )}
                </Stack>
              );
            })}
            <Title order={3} size="h5" mt="sm">
              Days off
            </Title>
            <Group gap="xs" align="flex-end" wrap="wrap">
              <DateField label="Day off" w={170} value={newDayOff} onChange={setNewDayOff} />
              <Button
                variant="light"
                disabled={!newDayOff || current.daysOff.includes(newDayOff)}
                onClick={() => {
                  update((d) => {
                    d.daysOff = [...d.daysOff, newDayOff].sort();
                  });
                  setNewDayOff('');
                }}
              >
                ADD DAY OFF
              </Button>
            </Group>
            {current.daysOff.length === 0 ? (
              <Text size="sm" c="dimmed">
                No days off.
              </Text>
            ) : (
              <Group gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {current.daysOff.map((date) => (
                  <Group key={date} component="li" gap={4}>
                    <Text size="sm">{date}</Text>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove day off ${date}`}
                      onClick={() =>
                        update((d) => {
                          d.daysOff = d.daysOff.filter((x) => x !== date);
                        })
                      }
                    >
                      ×
                    </ActionIcon>
                  </Group>
                ))}
              </Group>
            )}
            {problem && draft && (
              <Text c="red" size="sm" role="alert">
                {problem}
              </Text>
            )}
            <Group justify="flex-end">
              <Button onClick={onSave} loading={save.isPending} disabled={draft === null || problem !== null}>
                SAVE WORK HOURS
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
