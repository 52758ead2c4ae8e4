import { and, asc, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Resource } from '../../lib/jsonapi/document.ts';
import type { ListQuery, ListRules } from '../../lib/jsonapi/query.ts';

export const OUTBOX_LIST_RULES: ListRules = {
  filters: { to: ['like', '='], subject: ['like'], status: ['='], created: ['>=', '<='] },
  sorts: ['created', 'to', 'subject', 'status'],
  includes: [],
  defaultSort: '-created',
};

const COLUMNS = {
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  created: mailOutbox.createdAt,
} as const;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function condition(field: keyof typeof COLUMNS, op: string, value: string): SQL | undefined {
  if (field === 'created') {
    const at = new Date(value);
    if (Number.isNaN(at.getTime()))
      throw new AppError('bad_request', { title: 'Invalid date', parameter: 'filter' });
    return op === '>=' ? gte(mailOutbox.createdAt, at) : lte(mailOutbox.createdAt, at);
  }
  const column = COLUMNS[field];
  return op === 'like' ? ilike(column, `%${escapeLike(value)}%`) : eq(column, value);
}

/** Every field an admin sees of one outbox row. */
export function presentOutboxMail(row: typeof mailOutbox.$inferSelect): Resource {
  return {
    type: 'mail',
    id: String(row.id),
    attributes: {
      to: row.to,
      subject: row.subject,
      status: row.status,
      error: row.error,
      attempts: row.attempts,
      'next-attempt': row.nextAttemptAt?.toISOString() ?? null,
      sent: row.sentAt?.toISOString() ?? null,
      text: row.text,
      html: row.html,
      created: row.createdAt.toISOString(),
    },
  };
}

/** GET /mail-outbox/search: newest first, filtered and paged like every other list. */
export async function searchOutbox(db: Db, query: ListQuery) {
  const where = and(...query.filters.map((f) => condition(f.field as keyof typeof COLUMNS, f.op, f.value)));
  const order = query.sort.map((s) => {
    const column = COLUMNS[s.field as keyof typeof COLUMNS];
    return s.desc ? desc(column) : asc(column);
  });
  const base = db
    .select()
    .from(mailOutbox)
    .where(where)
    .orderBy(...order, desc(mailOutbox.id));
  const [rows, [totalRow]] = await Promise.all([
    query.size === null ? base : base.limit(query.size).offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(mailOutbox).where(where),
  ]);
  return { rows: rows.map(presentOutboxMail), total: totalRow?.total ?? 0 };
}
