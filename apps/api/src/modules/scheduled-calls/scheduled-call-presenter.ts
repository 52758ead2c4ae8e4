import type { AvailableDay, WorkDay } from '@dd/domain';
import type { scheduledCalls } from '../../db/schema/index.ts';
import { type Resource, ref } from '../../lib/jsonapi/document.ts';

type CallRow = typeof scheduledCalls.$inferSelect;

/** Every field of a scheduled call that leaves the server: the instant in UTC and the booker's zone. */
export function presentScheduledCall(call: CallRow): Resource {
  return {
    type: 'scheduled-call',
    id: String(call.id),
    attributes: {
      project_id: call.projectId,
      scheduled: call.scheduledAt.toISOString(),
      timezone: call.timezone,
      status: call.status,
      created: call.createdAt.toISOString(),
    },
    relationships: { user: { data: ref('user', call.userId) } },
  };
}

/** One day of free slots (docs/product.md §D6): date and slots, each slot with wall clock, readableTime and instant. */
export function presentAvailableDay(day: AvailableDay): Resource {
  return {
    type: 'available-slots',
    id: day.date,
    attributes: {
      date: day.date,
      slots: day.slots.map((s) => ({ scheduled: s.scheduled, readableTime: s.readableTime, start: s.start })),
    },
  };
}

/** One weekday of work hours (docs/product.md §C3): weekday (1 Monday .. 7 Sunday) and its periods. */
export function presentWorkDay(day: WorkDay): Resource {
  return {
    type: 'work-hours',
    id: String(day.weekday),
    attributes: {
      weekday: day.weekday,
      periods: day.periods.map((p) => ({ start: p.start, end: p.end })),
    },
  };
}
