import { SERVER_ERRORS } from '@dd/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, attr } from '../../lib/app-error.ts';

export type { Tx };

type Runner = DbOrTx;

export const emailTaken = () =>
  new AppError('email_taken', { title: SERVER_ERRORS.emailTaken, pointer: attr('email') });
export const loginTaken = () =>
  new AppError('login_taken', { title: SERVER_ERRORS.loginTaken, pointer: attr('login') });

/** A chosen id that does not exist is the caller's mistake (422), never a foreign-key 500. */
export async function assertIdsExist(
  db: Runner,
  table: PgTable & { id: PgColumn },
  ids: ReadonlyArray<number | null | undefined>,
  pointer: string,
): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return;
  const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, wanted));
  if (found.length !== wanted.length)
    throw new AppError('unprocessable', { title: 'Unknown choice', pointer });
}

/**
 * The pickers offer active users of one role (docs/product.md §A2 "users are offered by role"); the server holds the
 * same line, so a deactivated user or one of another role cannot be attached through a crafted call.
 */
export async function assertActiveUsersOfRole(
  db: Runner,
  ids: readonly number[],
  role: string,
  pointer: string,
): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, wanted), eq(users.role, role), eq(users.isActive, true)));
  if (found.length !== wanted.length)
    throw new AppError('unprocessable', { title: 'Choose an active user of the listed role', pointer });
}

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const err = e as { code?: string; constraint?: string; message?: string };
    if (err.code === '23505' && (err.constraint === constraint || err.message?.includes(constraint)))
      return true;
  }
  return false;
}
