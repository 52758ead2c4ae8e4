import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** docs/adr/0019-event-stream-caps.md: a browser shares one stream across its tabs; these are ceilings. */
export const STREAMS_PER_SESSION = 10;
export const STREAMS_PER_USER = 20;
/** A slot whose process has not refreshed it for this long is a dead process's: it counts no more. */
export const SLOT_TTL_SECONDS = 60;
/** How often a process refreshes its slots (three refreshes fit in the TTL). */
export const SLOT_REFRESH_MS = 20_000;
/** First key of the advisory lock that serialises one user's claims (any constant no one else uses). */
const CLAIM_LOCK_CLASS = 0x6464_7373;

/**
 * Open `GET /api/events` streams, counted in PostgreSQL so every app process behind the load balancer
 * shares one count per session and per user. A slot is claimed before the stream answers 200 and
 * released when it closes; each process refreshes its own slots, so those of a process that died
 * without closing them expire after SLOT_TTL_SECONDS instead of holding the user's slots forever.
 */
export class StreamSlots {
  readonly processId = randomUUID();
  readonly #db: Db;
  readonly #held = new Set<string>();

  constructor(db: Db) {
    this.#db = db;
  }

  /** A slot for one more stream of this session, or null when the session or its user is at the cap. */
  async claim(actor: { id: number; sessionId: number }): Promise<string | null> {
    const id = randomUUID();
    const claimed = await this.#db.transaction(async (tx) => {
      // Two processes claiming for one user at once would both count the same rows: one at a time.
      await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK_CLASS}, ${actor.id})`);
      const result = await tx.execute(sql`
        insert into event_stream_slots (id, user_id, session_id, process_id, seen_at)
        select ${id}, ${actor.id}, ${actor.sessionId}, ${this.processId}, now()
        from (
          select count(*) as per_user, count(*) filter (where session_id = ${actor.sessionId}) as per_session
          from event_stream_slots
          where user_id = ${actor.id} and seen_at > now() - make_interval(secs => ${SLOT_TTL_SECONDS})
        ) held
        where held.per_user < ${STREAMS_PER_USER} and held.per_session < ${STREAMS_PER_SESSION}
        returning id`);
      return (result as unknown as { rows: unknown[] }).rows.length === 1;
    });
    if (!claimed) return null;
    this.#held.add(id);
    return id;
  }

  async release(id: string): Promise<void> {
    if (!this.#held.delete(id)) return;
    await this.#db.execute(sql`delete from event_stream_slots where id = ${id}`);
  }

  /** This process's slots are alive; slots left by dead processes are dropped (any process may). */
  async refresh(): Promise<void> {
    if (this.#held.size > 0)
      await this.#db.execute(
        sql`update event_stream_slots set seen_at = now() where process_id = ${this.processId}`,
      );
    await this.#db.execute(
      sql`delete from event_stream_slots where seen_at < now() - make_interval(secs => ${SLOT_TTL_SECONDS})`,
    );
  }

  /** On shutdown: every slot of this process at once (its streams end with it). */
  async releaseAll(): Promise<void> {
    this.#held.clear();
    await this.#db.execute(sql`delete from event_stream_slots where process_id = ${this.processId}`);
  }
}
