import type { Actor } from '@dd/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = { remember: 30 * DAY_MS, session: DAY_MS };

export async function createSession(
  db: Db,
  input: { userId: number; remember: boolean; userAgent?: string; ip?: string; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(
    input.now.getTime() + (input.remember ? SESSION_TTL_MS.remember : SESSION_TTL_MS.session),
  );
  await db.insert(sessions).values({
    userId: input.userId,
    tokenHash: hashToken(token),
    remember: input.remember ? 1 : 0,
    userAgent: input.userAgent?.slice(0, 300),
    ip: input.ip,
    expiresAt,
  });
  return { token, expiresAt };
}

export type SessionActor = NonNullable<Actor> & { sessionId: number };

type KnownSession = { actor: SessionActor; expiresAt: Date; version: number };
const MAX_KNOWN = 10_000;
const known = new WeakMap<Db, Map<string, KnownSession>>();

/**
 * The signed-in user for a token, with the role as the database has it now, so a role change applies on
 * the next request. Given the 'sessions' version (db/cache-versions.ts, read by this request before any
 * data) the answer is remembered until that version moves (any session revoked or deleted, any user's
 * role or active flag changed, in any process) or the session expires: a repeat request then costs no
 * session query. Only sessions that exist are remembered: an unknown token is looked up every time.
 */
export async function findSessionActor(
  db: Db,
  token: string,
  now: Date,
  version: number | undefined,
): Promise<SessionActor | null> {
  const tokenHash = hashToken(token);
  let remembered = known.get(db);
  const hit = remembered?.get(tokenHash);
  if (hit && hit.version === version && hit.expiresAt > now) return hit.actor;
  const [row] = await db
    .select({ sessionId: sessions.id, id: users.id, role: users.role, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  if (!row) return null;
  // Shared by the requests that reuse it: frozen.
  const actor: SessionActor = Object.freeze({
    sessionId: row.sessionId,
    id: row.id,
    role: row.role as SessionActor['role'],
  });
  if (version !== undefined) {
    if (!remembered) {
      remembered = new Map();
      known.set(db, remembered);
    }
    remembered.delete(tokenHash);
    if (remembered.size >= MAX_KNOWN) remembered.delete(remembered.keys().next().value as string);
    remembered.set(tokenHash, { actor, expiresAt: row.expiresAt, version });
  }
  return actor;
}

export async function revokeSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/** On password change or deactivation every open session of the user ends. */
export async function revokeUserSessions(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
