import '@mantine/dates/styles.css';
import {
  type AvailableDay,
  type AvailableSlot,
  BREAKPOINTS,
  CALL_MIN_DATE_RECOMPUTE_MS,
  isOutsideDaytime,
  MESSAGES,
  SCHEDULE_MODAL_RESET_MS,
  SLOT_MINUTES,
} from '@dd/domain';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Chip,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';
import { useMediaMatch } from '../../../../lib/use-media-match.ts';
import { useActor } from '../../../auth/api/get-session.ts';
import { useAvailableSlots } from '../../api/get-available-slots.ts';
import { useWorkHours } from '../../api/get-work-hours.ts';
import { browserTimezone, useScheduleCallCaller } from '../../api/schedule-call-caller.ts';
import { useScheduleCall } from '../../api/schedule-call-create.ts';
import { clockTime, longDate, longDateTime, workHoursLines } from './schedule-call-format.ts';

// Each time fills its grid cell, so the columns line up whatever the label's width.
const CHIP_STYLES = {
  root: { display: 'block' },
  label: { width: '100%', justifyContent: 'center', paddingInline: 4 },
  iconWrapper: { display: 'none' },
} as const;
/** A time before 07:00 or from 22:00 in the client's own zone: a dashed outline, and the note says why. */
const EARLY_OR_LATE_STYLES = {
  ...CHIP_STYLES,
  label: { ...CHIP_STYLES.label, borderStyle: 'dashed' },
} as const;

type Props = { projectId: number; opened: boolean; onClose: () => void };
type Step = 'pick' | 'confirm' | 'done';
const NO_DAYS: readonly AvailableDay[] = [];

/** Client §9: callers with a blacklisted phone prefix are asked for their rate and budget first. */
const RATE_AND_BUDGET_NOTE =
  'Before we confirm your call, please tell us the rate you have in mind and your budget: reply to our e-mail or write to us in the chat. Our team approves the call once we have them.';

/** The clock in the modal: the caller's current time in their timezone, refreshed each second (docs/product.md §C9). */
function TickingClock({ timezone }: { timezone: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Text size="sm" c="dimmed" aria-live="off">
      Your time: <time dateTime={now.toISOString()}>{clockTime(now, timezone)}</time> ({timezone})
    </Text>
  );
}

function WorkHoursNote({ timezone, enabled }: { timezone: string; enabled: boolean }) {
  const hours = useWorkHours(timezone, enabled);
  if (!hours.data || hours.data.length === 0) return null;
  return (
    <Box component="details" fz="xs" c="dimmed">
      <summary style={{ cursor: 'pointer' }}>Our work hours in your time</summary>
      <Box component="ul" m={0} mt={4} pl="md">
        {workHoursLines(hours.data).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Box>
    </Box>
  );
}

type CallDatePickerProps = {
  date: string | null;
  firstDate: string | null;
  lastDate: string | null;
  dates: ReadonlySet<string>;
  onChange: (value: string | null) => void;
};

/**
 * The month of free days. Its days are computed with dayjs on each render, the costliest part of the
 * modal: memo keeps it from rendering again when only the times, the caller or the booking state change.
 */
const CallDatePicker = memo(function CallDatePicker({
  date,
  firstDate,
  lastDate,
  dates,
  onChange,
}: CallDatePickerProps) {
  const excludeDate = useCallback((d: string) => !dates.has(d), [dates]);
  return (
    <DatePicker
      aria-label="Call date"
      value={date}
      onChange={onChange}
      defaultDate={firstDate ?? undefined}
      minDate={firstDate ?? undefined}
      maxDate={lastDate ?? undefined}
      excludeDate={excludeDate}
      firstDayOfWeek={1}
      weekendDays={[]}
      nextLabel="Next month"
      previousLabel="Previous month"
    />
  );
});

/**
 * Schedule a free discovery call (docs/product.md §C2 modals, §4, §8, §9): step one picks a date and a time in
 * the caller's timezone, step two asks 'Are you sure?', then 'Talk soon!'. Opened from the updates feed
 * prompt and by the first-visit tour (step 1), with the same props.
 */
export function ScheduleCallModal({ projectId, opened, onClose }: Props) {
  const actor = useActor();
  const caller = useScheduleCallCaller(actor?.id ?? null);
  const timezone = caller.data?.timezone ?? browserTimezone();
  const blacklisted = caller.data?.isPhonePrefixInBlacklist === true;
  const slots = useAvailableSlots(timezone, opened && !caller.isPending);
  const book = useScheduleCall();
  const small = useMediaMatch(`(max-width: ${BREAKPOINTS.sm}px)`);

  const [step, setStep] = useState<Step>('pick');
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<AvailableSlot | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The month shown and the first selectable date are computed when the modal opens; reopening after
  // more than 60 s computes them again from fresh slots (docs/product.md §C9).
  const [pickerKey, setPickerKey] = useState(0);
  const computedAt = useRef(0);
  const resetTimer = useRef<number | undefined>(undefined);
  // Back to the first step after closing; a ref, so the open effect below calls the current one.
  const resetSteps = useRef(() => {});
  resetSteps.current = () => {
    setStep('pick');
    setSlot(null);
    setRefusal(null);
    book.reset();
  };

  // The free days render as deferred work: the answer's own render (a store update, always blocking)
  // keeps the spinner, and the month and the times follow in a render React splits into short tasks, so
  // the modal the first-visit tour opens does not block the page as it loads (docs/product.md §F5).
  const slotsData = useDeferredValue(slots.data);
  const days = slotsData ?? NO_DAYS;
  const dates = useMemo(() => new Set(days.map((d) => d.date)), [days]);
  const firstDate = days[0]?.date ?? null;
  const lastDate = days.at(-1)?.date ?? null;
  // The earliest day that still has a slot, until the caller picks one (or when theirs is gone).
  const shownDate = date !== null && dates.has(date) ? date : firstDate;
  const daySlots = days.find((d) => d.date === shownDate)?.slots ?? [];
  // Which times fall early or late in the caller's day: luxon reads each in the zone, ~1 ms apiece on
  // Lighthouse's phone, so once per day shown rather than twice per time on every render (docs/adr/0034).
  const oddStarts = useMemo(
    () => new Set(daySlots.filter((s) => isOutsideDaytime(s.start, timezone)).map((s) => s.start)),
    [daySlots, timezone],
  );

  const { refetch } = slots;
  useEffect(() => {
    if (!opened) return;
    // Reopened before the reset after closing ran: reset now, or 'Talk soon!' would show again.
    if (resetTimer.current !== undefined) {
      window.clearTimeout(resetTimer.current);
      resetTimer.current = undefined;
      resetSteps.current();
    }
    const now = Date.now();
    if (computedAt.current !== 0 && now - computedAt.current > CALL_MIN_DATE_RECOMPUTE_MS) {
      setDate(null);
      setSlot(null);
      setPickerKey((k) => k + 1);
      void refetch();
    }
    computedAt.current = now;
  }, [opened, refetch]);

  // Loading availability failed: the error's message as a toast (docs/product.md §C8).
  const { error } = slots;
  useEffect(() => {
    if (error) notifyError(error.message);
  }, [error]);

  const close = () => {
    onClose();
    window.clearTimeout(resetTimer.current);
    resetTimer.current = window.setTimeout(() => {
      resetTimer.current = undefined;
      resetSteps.current();
    }, SCHEDULE_MODAL_RESET_MS);
  };

  const confirm = () => {
    if (!slot) return;
    setRefusal(null);
    book.mutate(
      { projectId, scheduled: slot.scheduled, timezone },
      {
        onSuccess: (result) => {
          if (result.kind === 'booked') {
            notifySuccess(result.toast);
            // A blacklisted phone reads as success and the modal closes (docs/product.md §C8).
            if (blacklisted) close();
            else setStep('done');
          } else if (result.kind === 'slot-taken') {
            notifyError(result.toast);
            setSlot(null);
            setStep('pick');
          } else {
            notifyError(result.toast);
            setRefusal(result.detail);
          }
        },
      },
    );
  };

  const back = () => {
    setRefusal(null);
    setStep('pick');
  };

  const pickDate = useCallback((value: string | null) => {
    setDate(value);
    setSlot(null);
  }, []);

  return (
    // Compound parts for the full-screen small layout; Modal.Header is a div, not a banner (app/theme.ts).
    <Modal.Root opened={opened} onClose={close} size="lg" fullScreen={small}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header>
          <Modal.Title fw={600}>
            {step === 'done' ? MESSAGES.talkSoon : 'Schedule a free discovery call'}
          </Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          {step === 'pick' && (
            <Stack gap="sm">
              <TickingClock timezone={timezone} />
              {blacklisted && (
                <Alert color="yellow" title="One more thing">
                  {RATE_AND_BUDGET_NOTE}
                </Alert>
              )}
              {(caller.isPending || slots.isPending || (slots.data && !slotsData)) && !slots.isError && (
                <Group gap="xs">
                  <Loader size="sm" />
                  <Text size="sm">Loading free times…</Text>
                </Group>
              )}
              {slots.isError && (
                <Alert color="red">Free times could not be loaded. Please try again later.</Alert>
              )}
              {slotsData && days.length === 0 && (
                <Alert color="gray">
                  There are no free times in the next four weeks. Please check again soon.
                </Alert>
              )}
              {days.length > 0 && (
                <>
                  <Group align="flex-start" gap="lg" wrap="wrap">
                    <CallDatePicker
                      key={pickerKey}
                      date={shownDate}
                      firstDate={firstDate}
                      lastDate={lastDate}
                      dates={dates}
                      onChange={pickDate}
                    />
                    <Stack gap="xs" style={{ flex: 1, minWidth: 200 }}>
                      <Text size="sm" fw={600} id="schedule-call-times">
                        {shownDate && daySlots[0] ? longDate(daySlots[0].start, timezone) : 'Choose a date'}
                      </Text>
                      <Chip.Group
                        multiple={false}
                        value={slot?.start ?? null}
                        onChange={(value) => setSlot(daySlots.find((s) => s.start === value) ?? null)}
                      >
                        <SimpleGrid
                          cols={{ base: 3, xs: 3 }}
                          spacing={6}
                          role="radiogroup"
                          aria-labelledby="schedule-call-times"
                        >
                          {daySlots.map((s) => {
                            const odd = oddStarts.has(s.start);
                            return (
                              <Chip
                                key={s.start}
                                value={s.start}
                                size="sm"
                                variant="outline"
                                radius="sm"
                                styles={odd ? EARLY_OR_LATE_STYLES : CHIP_STYLES}
                                title={odd ? 'Early or late in your day' : undefined}
                                aria-describedby={odd ? 'schedule-call-odd-hours' : undefined}
                              >
                                {s.readableTime}
                              </Chip>
                            );
                          })}
                        </SimpleGrid>
                      </Chip.Group>
                      {oddStarts.size > 0 && (
                        <Text size="xs" c="dimmed" id="schedule-call-odd-hours">
                          Dashed times are early or late in your day: before 7:00 AM or from 10:00 PM your
                          time.
                        </Text>
                      )}
                    </Stack>
                  </Group>
                  <WorkHoursNote timezone={timezone} enabled={opened} />
                </>
              )}
              <Group justify="flex-end" className="dd-modal-footer">
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
                <Button disabled={slot === null} onClick={() => setStep('confirm')}>
                  Next
                </Button>
              </Group>
            </Stack>
          )}

          {step === 'confirm' && slot && (
            <Stack gap="md">
              <Group gap="xs" wrap="nowrap">
                {small && (
                  <ActionIcon variant="subtle" size="lg" aria-label="Back to date and time" onClick={back}>
                    <span aria-hidden="true">←</span>
                  </ActionIcon>
                )}
                <Title order={3} size="h4">
                  {MESSAGES.areYouSure}
                </Title>
              </Group>
              <Text>
                Your {SLOT_MINUTES}-minute discovery call will be on{' '}
                <b>{longDateTime(slot.start, timezone)}</b> ({timezone}).
              </Text>
              {blacklisted && <Alert color="yellow">{RATE_AND_BUDGET_NOTE}</Alert>}
              {refusal && <Alert color="red">{refusal}</Alert>}
              <Group justify="flex-end" className="dd-modal-footer">
                {!small && (
                  <Button variant="default" onClick={back}>
                    Back
                  </Button>
                )}
                <Button onClick={confirm} loading={book.isPending}>
                  Yes, book the call
                </Button>
              </Group>
            </Stack>
          )}

          {step === 'done' && slot && (
            <Stack gap="md">
              <Text>
                Your discovery call is booked for <b>{longDateTime(slot.start, timezone)}</b> ({timezone}). We
                sent you an e-mail with a calendar invite.
              </Text>
              <Group justify="flex-end" className="dd-modal-footer">
                <Button onClick={close}>Close</Button>
              </Group>
            </Stack>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
