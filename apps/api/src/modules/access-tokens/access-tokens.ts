import {
  ACCESS_TOKEN_MAX_DAYS,
  ACCESS_TOKEN_PREFIX,
  type AccessTokenResource,
  type AccessTokenScope,
} from '@dd/domain';
import { and, asc, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accessTokens, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

/**
 * Personal access tokens (ADR 0052): created, listed and revoked here; checked with the session in the
 * auth hook's one statement (modules/auth/sessions.ts), so a revoke applies on the next request in every
 * process.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** `last-used` is written at most this often per token: a busy integration does not write on every call. */
const LAST_USED_EVERY_MS = 60_000;

type Row = typeof accessTokens.$inferSelect & { userName: string };

export function presentAccessToken(row: Row): AccessTokenResource {
  return {
    type: 'access-token',
    id: String(row.id),
    attributes: {
      name: row.name,
      scope: row.scope,
      created: row.createdAt.toISOString(),
      'expires-at': row.expiresAt.toISOString(),
      'last-used': row.lastUsedAt?.toISOString() ?? null,
      'user-id': row.userId,
      'user-name': row.userName,
    },
  };
}

export async function createAccessToken(
  db: Db,
  input: { userId: number; name: string; scope: AccessTokenScope; expiresAt: Date; now: Date },
): Promise<{ row: Row; token: string }> {
  const days = (input.expiresAt.getTime() - input.now.getTime()) / DAY_MS;
  if (!(days > 0))
    throw new AppError('unprocessable', {
      title: 'Expiry must be in the future',
      pointer: '/data/attributes/expires-at',
    });
  if (days > ACCESS_TOKEN_MAX_DAYS)
    throw new AppError('unprocessable', {
      title: `Expiry is at most ${ACCESS_TOKEN_MAX_DAYS} days away`,
      pointer: '/data/attributes/expires-at',
    });
  const token = `${ACCESS_TOKEN_PREFIX}${newToken()}`;
  const [row] = await db
    .insert(accessTokens)
    .values({
      userId: input.userId,
      name: input.name,
      scope: input.scope,
      tokenHash: hashToken(token),
      expiresAt: input.expiresAt,
    })
    .returning();
  const [owner] = await db.select({ name: users.name }).from(users).where(eq(users.id, input.userId));
  return { row: { ...row!, userName: owner?.name ?? '' }, token };
}

const listColumns = {
  id: accessTokens.id,
  userId: accessTokens.userId,
  name: accessTokens.name,
  tokenHash: accessTokens.tokenHash,
  scope: accessTokens.scope,
  createdAt: accessTokens.createdAt,
  expiresAt: accessTokens.expiresAt,
  lastUsedAt: accessTokens.lastUsedAt,
  revokedAt: accessTokens.revokedAt,
  userName: users.name,
};

/** The tokens that still work (not revoked, not expired), oldest first: one user's, or everyone's. */
export async function listAccessTokens(db: Db, input: { userId: number | null; now: Date }): Promise<Row[]> {
  const live: SQL[] = [isNull(accessTokens.revokedAt), sql`${accessTokens.expiresAt} > ${input.now}`];
  if (input.userId !== null) live.push(eq(accessTokens.userId, input.userId));
  return db
    .select(listColumns)
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(and(...live))
    .orderBy(asc(accessTokens.id));
}

/**
 * Revokes a token of `ownerId` (null: any owner, for admins). Someone else's token answers 404, as an
 * unknown one does: the answer does not tell which ids exist.
 */
export async function revokeAccessToken(
  db: Db,
  input: { id: number; ownerId: number | null; now: Date },
): Promise<void> {
  const where = [eq(accessTokens.id, input.id), isNull(accessTokens.revokedAt)];
  if (input.ownerId !== null) where.push(eq(accessTokens.userId, input.ownerId));
  const revoked = await db
    .update(accessTokens)
    .set({ revokedAt: input.now })
    .where(and(...where))
    .returning({ id: accessTokens.id });
  if (revoked.length === 0) throw notFound('Access token');
}

/** Whether a use at `now` should be recorded (the last one is older than a minute, or there is none). */
export const usedLongAgo = (lastUsedAt: Date | null, now: Date) =>
  lastUsedAt === null || now.getTime() - lastUsedAt.getTime() >= LAST_USED_EVERY_MS;

/** Records a use, at most once a minute per token (two processes racing write once). */
export async function touchAccessToken(db: Db, id: number, now: Date): Promise<void> {
  await db
    .update(accessTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(accessTokens.id, id),
        or(
          isNull(accessTokens.lastUsedAt),
          lt(accessTokens.lastUsedAt, new Date(now.getTime() - LAST_USED_EVERY_MS)),
        ),
      ),
    );
}
