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

/** The signed-in user for a token, with the role read fresh so a role change applies on the next request. */
export async function findSessionActor(db: Db, token: string, now: Date): Promise<SessionActor | null> {
  const [row] = await db
    .select({ sessionId: sessions.id, id: users.id, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  return row ? { sessionId: row.sessionId, id: row.id, role: row.role as SessionActor['role'] } : null;
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
