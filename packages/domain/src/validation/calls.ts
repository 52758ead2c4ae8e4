import { DateTime } from 'luxon';
import { z } from 'zod';
import { CALL_REFUSALS, WORK_HOURS_ERRORS } from '../slots.ts';
import { isValidTimezone } from '../timezone.ts';
import { idField } from './fields.ts';

// The request bodies of the call and work-hours routes; the slot rules the web app shares stay in
// ../slots.ts, free of zod, so a page that only shows times does not load the validation library.

/**
 * POST /scheduled-call/create attributes (docs/product.md §C3, §C7; docs/product.md §D6): the project, a wall-clock time in
 * the caller's timezone and, optionally, that timezone (the user's stored one when absent).
 */
export const scheduledCallCreateSchema = z.object({
  project_id: idField,
  scheduled: z
    .string({ error: CALL_REFUSALS.invalidScheduled })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, { error: CALL_REFUSALS.invalidScheduled }),
  timezone: z.string().trim().refine(isValidTimezone, { error: CALL_REFUSALS.invalidTimezone }).optional(),
});
export type ScheduledCallCreateInput = z.infer<typeof scheduledCallCreateSchema>;

/** `?timezone=` of the work-hours and available-slots calls. */
export const slotTimezoneQuerySchema = z.object({
  timezone: z.string().trim().refine(isValidTimezone, { error: CALL_REFUSALS.invalidTimezone }),
});

const stepTime = z.string().regex(/^([01]\d|2[0-3]):(00|30)$|^24:00$/, { error: WORK_HOURS_ERRORS.time });
const workPeriodSchema = z
  .object({ start: stepTime, end: stepTime })
  .refine((p) => p.start < p.end, { error: WORK_HOURS_ERRORS.order, path: ['end'] });
const workDaySchema = z
  .object({
    weekday: z.coerce.number().int().min(1).max(7),
    periods: z.array(workPeriodSchema).max(12),
  })
  .refine(
    (d) =>
      [...d.periods]
        .sort((a, b) => a.start.localeCompare(b.start))
        .every((p, i, all) => i === 0 || all[i - 1]!.end <= p.start),
    { error: WORK_HOURS_ERRORS.overlap, path: ['periods'] },
  );
const dayOffSchema = z.string().refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && DateTime.fromISO(v).isValid, {
  error: WORK_HOURS_ERRORS.dayOff,
});

/** PATCH /work-hours attributes (docs/product.md §F1): the whole week and the days off, replaced at once. */
export const workHoursUpdateSchema = z.object({
  days: z
    .array(workDaySchema)
    .max(7)
    .refine((days) => new Set(days.map((d) => d.weekday)).size === days.length, {
      error: WORK_HOURS_ERRORS.weekday,
    }),
  days_off: z
    .array(dayOffSchema)
    .max(400)
    .refine((dates) => new Set(dates).size === dates.length, { error: WORK_HOURS_ERRORS.dayOffDuplicate }),
});
export type WorkHoursUpdate = z.infer<typeof workHoursUpdateSchema>;
