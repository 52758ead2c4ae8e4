import { z } from 'zod';
import { documentSchema, resourceSchema } from './jsonapi.ts';
import { userResourceSchema } from './project.ts';

/** Discovery calls, work hours, the calendar feed and the project's progress card, field by field. */

const isoDateTime = z.string();

export const scheduledCallAttributesSchema = z.object({
  project_id: z.number().int(),
  /** the instant, ISO-8601 in UTC */
  scheduled: isoDateTime,
  /** the booker's timezone */
  timezone: z.string(),
  status: z.string(),
  created: isoDateTime,
});
export const scheduledCallResourceSchema = resourceSchema('scheduled-call', scheduledCallAttributesSchema);
export type ScheduledCallResource = z.infer<typeof scheduledCallResourceSchema>;

/** POST /api/scheduled-call/create, /{id}/approve, /decline, /cancel, /move: the call as it is now. */
export const scheduledCallDocumentSchema = documentSchema(scheduledCallResourceSchema);

/** GET /api/scheduled-call/search: a project's calls, with the users who booked them. */
export const scheduledCallListDocumentSchema = documentSchema(
  z.array(scheduledCallResourceSchema),
  userResourceSchema,
);

/** GET /api/scheduled-call/staff-search: one page of the Calls screen. */
export const staffCallResourceSchema = resourceSchema(
  'scheduled-call',
  scheduledCallAttributesSchema.extend({
    project_title: z.string(),
    client_name: z.string(),
    outside_work_hours: z.boolean(),
  }),
);
export type StaffCallResource = z.infer<typeof staffCallResourceSchema>;
export const staffCallListDocumentSchema = z.object({
  data: z.array(staffCallResourceSchema),
  meta: z.object({ 'page-count': z.number().int(), total: z.number().int() }),
});
export type StaffCallListDocument = z.infer<typeof staffCallListDocumentSchema>;

/**
 * GET /api/scheduled-call/signed-action?token=: the call a signed Approve or Decline link names
 * (docs/product.md §F1), with the action it asks for, so the page can show it before the confirm button.
 */
export const callActionDocumentSchema = z.object({
  data: resourceSchema(
    'call-action',
    z.object({
      action: z.enum(['approve', 'decline']),
      call: staffCallResourceSchema.shape.attributes.omit({ outside_work_hours: true }),
    }),
  ),
});
export type CallActionDocument = z.infer<typeof callActionDocumentSchema>;

/** POST /api/scheduled-call/signed-action: the body, the link's token. */
export const callActionBodySchema = z.object({
  data: z.object({
    type: z.literal('call-action').optional(),
    attributes: z.object({ token: z.string().min(1).max(200) }),
  }),
});

/** GET /api/scheduled-call/available-slots (docs/product.md §D6): one resource per date with free slots. */
export const availableSlotSchema = z.object({
  /** wall clock in the viewer's timezone, 'YYYY-MM-DD HH:mm:ss' (what create takes back) */
  scheduled: z.string(),
  /** viewer wall clock, e.g. '9:30 AM' */
  readableTime: z.string(),
  /** the instant, ISO-8601 in UTC */
  start: isoDateTime,
});
export const availableDayResourceSchema = resourceSchema(
  'available-slots',
  z.object({ date: z.string(), slots: z.array(availableSlotSchema) }),
);
export const availableSlotsDocumentSchema = z.object({ data: z.array(availableDayResourceSchema) });
export type AvailableSlotsDocument = z.infer<typeof availableSlotsDocumentSchema>;

const workPeriodSchema = z.object({ start: z.string(), end: z.string() });
const workDaySchema = z.object({ weekday: z.number().int(), periods: z.array(workPeriodSchema) });

/** GET /api/work-hours/weekly: this week's hours per weekday, wall clock in ?timezone=. */
export const weeklyWorkHoursDocumentSchema = z.object({
  data: z.array(resourceSchema('work-hours', workDaySchema)),
});

/** GET and PATCH /api/work-hours: the company's hours per weekday and days off ('YYYY-MM-DD'). */
export const workHoursSettingsDocumentSchema = z.object({
  data: resourceSchema(
    'work-hours-settings',
    z.object({ timezone: z.string(), days: z.array(workDaySchema), days_off: z.array(z.string()) }),
  ),
});
export type WorkHoursSettingsDocument = z.infer<typeof workHoursSettingsDocumentSchema>;

/** GET /api/calendar-feed and POST /api/calendar-feed/reset (the URL only in the reset's answer). */
export const calendarFeedDocumentSchema = z.object({
  data: resourceSchema(
    'calendar-feed',
    z.object({ active: z.boolean(), created: isoDateTime.nullable(), url: z.string().nullable() }),
  ),
});
export type CalendarFeedDocument = z.infer<typeof calendarFeedDocumentSchema>;

/** GET /api/project/{id}/progress: counts of the current sprint's tasks, nothing else. */
export const projectProgressDocumentSchema = z.object({
  data: resourceSchema(
    'project-progress',
    z.object({
      'sprint-started': isoDateTime.nullable(),
      total: z.number().int(),
      delivered: z.number().int(),
      accepted: z.number().int(),
    }),
  ),
});
export type ProjectProgressDocument = z.infer<typeof projectProgressDocumentSchema>;
