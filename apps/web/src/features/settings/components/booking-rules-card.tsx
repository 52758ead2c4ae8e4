import {
  BOOKING_RULE_LIMITS,
  type BookingRules,
  bookingRulesProblem,
  MESSAGES,
  parseBookingRules,
} from '@dd/domain';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useBookingSettings } from '../api/get-booking-settings.ts';
import { useSaveBookingSettings } from '../api/save-booking-settings.ts';

const FIELDS: Array<{ key: keyof BookingRules; label: string; description: string }> = [
  {
    key: 'minNoticeHours',
    label: 'Minimum notice (hours)',
    description: 'A call starts at least this long after it is booked.',
  },
  { key: 'maxDaysAhead', label: 'Days ahead', description: 'How far ahead clients may book.' },
  {
    key: 'bufferMinutes',
    label: 'Buffer between calls (minutes)',
    description: 'Kept free before and after every call.',
  },
];

/**
 * The booking rules and the company timezone (docs/product.md §C9, §F1): the slot list and the booking
 * check read the same values, so what clients are offered changes with the next request. Work hours are
 * wall clock in the company timezone.
 */
export function BookingRulesCard() {
  const settings = useBookingSettings();
  const save = useSaveBookingSettings();
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone'), []);
  const [draft, setDraft] = useState<Partial<BookingRules>>({});
  const [zoneDraft, setZoneDraft] = useState<string | null>(null);
  const stored = parseBookingRules(settings.data?.rules?.value);
  const rules = { ...stored, ...draft };
  const zone = zoneDraft ?? settings.data?.timezone?.value ?? '';
  const problem = bookingRulesProblem(rules);
  const changed = Object.keys(draft).length > 0 || zoneDraft !== null;

  const onSave = () => {
    const data = settings.data;
    if (!data?.rules || !data.timezone || problem) return;
    const changes = [
      ...(Object.keys(draft).length > 0 ? [{ id: data.rules.id, value: JSON.stringify(rules) }] : []),
      ...(zoneDraft !== null ? [{ id: data.timezone.id, value: zoneDraft }] : []),
    ];
    save.mutate(changes, {
      onSuccess: () => {
        setDraft({});
        setZoneDraft(null);
        notifySuccess(MESSAGES.updated);
      },
    });
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="booking-rules-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="booking-rules-title">
          Booking rules for discovery calls
        </Title>
        {settings.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>Loading…</Text>
          </Group>
        ) : settings.isError || !settings.data.rules || !settings.data.timezone ? (
          <Alert color="red" title="Could not load the booking rules">
            Reload the page to try again.
          </Alert>
        ) : (
          <>
            <Select
              label="Company timezone"
              description="Work hours are read in this zone."
              searchable
              data={zones}
              value={zone}
              onChange={(value) => value && setZoneDraft(value)}
              allowDeselect={false}
              maxDropdownHeight={240}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {FIELDS.map((f) => (
                <NumberInput
                  key={f.key}
                  label={f.label}
                  description={f.description}
                  min={BOOKING_RULE_LIMITS[f.key].min}
                  max={BOOKING_RULE_LIMITS[f.key].max}
                  allowDecimal={false}
                  value={rules[f.key]}
                  error={problem?.field === f.key ? problem.title : undefined}
                  onChange={(value) =>
                    setDraft((d) => ({ ...d, [f.key]: typeof value === 'number' ? value : Number.NaN }))
                  }
                />
              ))}
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              One open discovery call per project: a second booking is refused while the first is still ahead
              (the client moves or cancels it on the project page, staff on the Calls screen).
            </Text>
            {save.isError && (
              <Alert color="red" role="alert" title="Not saved">
                {isApiError(save.error) ? (save.error.firstError?.title ?? save.error.message) : 'Try again.'}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button onClick={onSave} loading={save.isPending} disabled={!changed || problem !== null}>
                SAVE BOOKING RULES
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
