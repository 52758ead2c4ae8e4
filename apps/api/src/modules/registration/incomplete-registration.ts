import { emailToAscii } from '@dd/domain';
import { and, asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { incompleteRegistrations } from '../../db/schema/index.ts';
import type { ListQuery, ListRules } from '../../lib/jsonapi/query.ts';

const text = (max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim().slice(0, max))
    .optional()
    .nullable();

/**
 * What the wizard sends on page unload (docs/product.md §C3 "Incomplete registration record"). Lenient on
 * purpose: a half-filled form is the point. `user-password` is accepted so the body parses, then
 * dropped: it is never stored, not even hashed.
 */
export const incompleteRegistrationAttributes = z.object({
  step: z.coerce.number().int().min(1).max(6).catch(1).optional(),
  'user-email': text(320),
  'user-password': z.unknown().optional(),
  'user-name': text(200),
  'user-phone': text(50),
  'user-timezone': text(100),
  'user-role': text(50),
  'project-title': text(300),
  'project-description': text(4000),
  'project-tech': text(2000),
  'project-budget': text(200),
  'project-type': text(500),
  'project-start': text(200),
  'company-name': text(300),
  'company-size': text(200),
});
export type IncompleteRegistrationInput = z.infer<typeof incompleteRegistrationAttributes>;

const orNull = (v: string | null | undefined) => (v ? v : null);

function toRow(input: IncompleteRegistrationInput) {
  return {
    step: input.step ?? 1,
    // A draft keeps what was typed; an address is kept in its stored form (docs/product.md §C5), so the
    // wizard's later sign-up and the admins' list name it alike.
    userEmail: orNull(input['user-email'] && (emailToAscii(input['user-email']) ?? input['user-email'])),
    userName: orNull(input['user-name']),
    userPhone: orNull(input['user-phone']),
    userTimezone: orNull(input['user-timezone']),
    userRole: orNull(input['user-role']),
    projectTitle: orNull(input['project-title']),
    projectDescription: orNull(input['project-description']),
    projectTech: orNull(input['project-tech']),
    projectBudget: orNull(input['project-budget']),
    projectType: orNull(input['project-type']),
    projectStart: orNull(input['project-start']),
    companyName: orNull(input['company-name']),
    companySize: orNull(input['company-size']),
  };
}

/** Keeps one record per e-mail (the latest data wins); without an e-mail every beacon is a new record. */
export async function saveIncompleteRegistration(
  db: Db,
  input: IncompleteRegistrationInput,
  meta: { ip: string; now: Date },
): Promise<void> {
  const row = { ...toRow(input), ip: meta.ip };
  await db.transaction(async (tx) => {
    if (row.userEmail) {
      const [existing] = await tx
        .select({ id: incompleteRegistrations.id })
        .from(incompleteRegistrations)
        .where(sql`lower(${incompleteRegistrations.userEmail}) = lower(${row.userEmail})`)
        .orderBy(desc(incompleteRegistrations.createdAt))
        .limit(1);
      if (existing) {
        await tx
          .update(incompleteRegistrations)
          .set({ ...row, createdAt: meta.now })
          .where(eq(incompleteRegistrations.id, existing.id));
        return;
      }
    }
    await tx.insert(incompleteRegistrations).values({ ...row, createdAt: meta.now });
  });
}

export const INCOMPLETE_REGISTRATION_LIST_RULES: ListRules = {
  filters: { 'user-email': ['like', '='], 'project-title': ['like'], created: ['>=', '<='] },
  sorts: ['created', 'id', 'user-email'],
  includes: [],
  defaultSort: '-created',
};

const SORT_COLUMNS = {
  created: incompleteRegistrations.createdAt,
  id: incompleteRegistrations.id,
  'user-email': incompleteRegistrations.userEmail,
} as const;

export async function listIncompleteRegistrations(db: Db, query: ListQuery) {
  const where = and(
    ...query.filters.map((f) => {
      if (f.field === 'created') {
        const at = new Date(f.value);
        return f.op === '>='
          ? sql`${incompleteRegistrations.createdAt} >= ${at}`
          : sql`${incompleteRegistrations.createdAt} <= ${at}`;
      }
      const column =
        f.field === 'user-email' ? incompleteRegistrations.userEmail : incompleteRegistrations.projectTitle;
      return f.op === 'like' ? ilike(column, `%${escapeLike(f.value)}%`) : eq(column, f.value);
    }),
  );
  const order = query.sort.map((s) => {
    const column = SORT_COLUMNS[s.field as keyof typeof SORT_COLUMNS];
    return s.desc ? desc(column) : asc(column);
  });
  const base = db
    .select()
    .from(incompleteRegistrations)
    .where(where)
    .orderBy(...order, desc(incompleteRegistrations.id));
  const rows =
    query.size === null ? await base : await base.limit(query.size).offset((query.page - 1) * query.size);
  const [total] = await db.select({ n: count() }).from(incompleteRegistrations).where(where);
  return { rows, total: total?.n ?? 0 };
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
