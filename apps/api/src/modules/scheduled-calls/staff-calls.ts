import { CALL_STATUSES, isOutsideWorkHours, parseId } from '@dd/domain';
import { and, asc, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projects, scheduledCalls, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { documentOf, type Resource } from '../../lib/jsonapi/document.ts';
import { type ListQuery, type ListRules, pageCount } from '../../lib/jsonapi/query.ts';
import { presentScheduledCall } from './scheduled-call-presenter.ts';
import { loadCalendarWith } from './work-hours.ts';

/** GET /scheduled-call/staff-search: filter[i]=[=,status,x] and [>=|<=,scheduled,ISO instant]; paged. */
export const STAFF_CALL_LIST_RULES: ListRules = {
  filters: { status: ['='], scheduled: ['>=', '<='], project_id: ['='] },
  sorts: ['scheduled'],
  includes: [],
  defaultSort: 'scheduled',
  defaultSize: 15,
};

const badFilter = (title: string) => new AppError('bad_request', { title, parameter: 'filter' });

function conditions(query: ListQuery): SQL[] {
  const where: SQL[] = [];
  for (const f of query.filters) {
    if (f.field === 'status') {
      if (!(CALL_STATUSES as readonly string[]).includes(f.value)) throw badFilter('Unknown call state');
      where.push(eq(scheduledCalls.status, f.value));
    } else if (f.field === 'project_id') {
      const id = parseId(f.value);
      if (id === null) throw badFilter('Invalid project id');
      where.push(eq(scheduledCalls.projectId, id));
    } else {
      const at = new Date(f.value);
      if (Number.isNaN(at.getTime())) throw badFilter('Invalid date');
      where.push(f.op === '>=' ? gte(scheduledCalls.scheduledAt, at) : lte(scheduledCalls.scheduledAt, at));
    }
  }
  return where;
}

/**
 * The staff Calls screen (docs/product.md §F1): calls of every project with its title and the client who booked,
 * soonest first (or latest first with sort=-scheduled), each flagged when it lies outside today's work
 * hours or on a day off (booked before the hours changed; it stays booked).
 */
export async function searchStaffCalls(db: Db, query: ListQuery) {
  const where = and(...conditions(query));
  const direction = query.sort[0]?.desc ? desc : asc;
  const size = query.size ?? 100;
  const [[total], rows, { workHours, daysOff, booking }] = await Promise.all([
    db.select({ n: count() }).from(scheduledCalls).where(where),
    db
      .select({ call: scheduledCalls, projectTitle: projects.title, clientName: users.name })
      .from(scheduledCalls)
      .innerJoin(projects, eq(projects.id, scheduledCalls.projectId))
      .innerJoin(users, eq(users.id, scheduledCalls.userId))
      .where(where)
      .orderBy(direction(scheduledCalls.scheduledAt), direction(scheduledCalls.id))
      .limit(size)
      .offset((query.page - 1) * size),
    loadCalendarWith(db, {}),
  ]);
  const data: Resource[] = rows.map((row) => {
    const base = presentScheduledCall(row.call);
    return {
      ...base,
      attributes: {
        ...base.attributes,
        project_title: row.projectTitle,
        client_name: row.clientName,
        outside_work_hours:
          row.call.status !== 'cancelled' &&
          isOutsideWorkHours(row.call.scheduledAt, workHours, {
            daysOff,
            companyTimezone: booking.companyTimezone,
          }),
      },
    };
  });
  const n = total?.n ?? 0;
  return documentOf(data, undefined, { 'page-count': pageCount(n, size), total: n });
}
