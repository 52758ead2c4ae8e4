import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';

/** When a session ends by itself: a stream is closed at that moment even if nothing else changes. */
export async function loadSessionExpiry(db: Db, sessionId: number): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row?.expiresAt ?? null;
}
