import { and, eq, gt, gte, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { liveEvents, sessions, users } from '../../db/schema/index.ts';
import type { SessionActor } from '../auth/sessions.ts';
import type { EventStream } from './event-stream.ts';
import { EVENTS_CHANNEL, type LiveEvent, parseLiveEvent, wireEvent } from './live-event.ts';
import type { NotificationSource } from './notification-source.ts';

/** How long events are kept for replay; an older Last-Event-ID gets `reset` (refetch everything). */
export const REPLAY_WINDOW_MS = 5 * 60_000;
/** Most events a reconnect replays; a client further behind gets `reset`. */
const MAX_REPLAY = 1000;
const SEEN_KEPT = 10_000;
/**
 * Events heard within this window go out together: each stream gets ONE socket write for all of them
 * (a write is a syscall, and during a burst those writes were most of the server's busy time). At most
 * one flush per window, so a stream costs at most 20 writes a second however many events a burst
 * brings; an event waits at most this long (plus the flush), well inside the 1 s the product allows.
 */
export const FLUSH_WINDOW_MS = 50;
/**
 * Streams written per turn of the event loop during a flush: answers whose rows arrived meanwhile go out
 * in between, so a request waits for at most one slice of the fan-out, never for all of it.
 */
const STREAMS_PER_TURN = 50;

type Row = typeof liveEvents.$inferSelect;
const toEvent = (row: Row): LiveEvent => ({
  id: row.id,
  kind: row.kind,
  resourceId: row.resourceId,
  projectId: row.projectId,
  ownerId: row.ownerId,
  clientIds: row.clientIds,
  ...(row.recipientId !== null ? { recipientId: row.recipientId } : {}),
});

/**
 * The one subscriber of a process: hears every committed change on its LISTEN connection and fans it out
 * in memory to the streams it holds, each of which decides with `can()` whether its user may see it.
 * Sessions are re-checked when the 'sessions' cache version moves (a logout, a password change, a
 * deactivation or a role change anywhere, announced on `cache_versions`): one query for all streams.
 */
export class EventHub {
  readonly streams = new Set<EventStream>();
  /** Highest event id heard; heartbeats carry it so an idle stream's Last-Event-ID stays fresh. */
  lastId = 0;
  readonly #seen = new Set<number>();
  readonly #db: Db;
  readonly #source: NotificationSource;
  readonly #now: () => Date;
  readonly #warn: (message: string) => void;
  #timers: NodeJS.Timeout[] = [];
  #sessionCheck: Promise<void> | null = null;
  #sessionCheckAgain = false;
  /** Events heard and not yet written to the streams (in the order heard), with their number. */
  #pending: LiveEvent[] = [];
  #pendingHeard: number[] = [];
  /** How many events this hub has heard: a stream gets those heard after it opened (as when unbatched). */
  #heard = 0;
  #flushTimer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> | null = null;

  constructor(options: {
    db: Db;
    source: NotificationSource;
    now: () => Date;
    warn: (message: string) => void;
  }) {
    this.#db = options.db;
    this.#source = options.source;
    this.#now = options.now;
    this.#warn = options.warn;
  }

  async start(options: { heartbeatMs: number; pruneMs: number }): Promise<void> {
    await this.#source.start(
      [EVENTS_CHANNEL, 'cache_versions'],
      (channel, payload) => this.#onNotification(channel, payload),
      (lostAt) => this.#afterReconnect(lostAt),
    );
    const [row] = await this.#db.select({ last: max(liveEvents.id) }).from(liveEvents);
    this.lastId = Math.max(this.lastId, Number(row?.last ?? 0));
    const every = (ms: number, run: () => unknown) => {
      const timer = setInterval(run, ms);
      timer.unref();
      this.#timers.push(timer);
    };
    every(options.heartbeatMs, () => this.heartbeat());
    every(options.pruneMs, () =>
      this.prune().catch((e: Error) => this.#warn(`live events: prune (${e.message})`)),
    );
  }

  async stop(): Promise<void> {
    for (const timer of this.#timers) clearInterval(timer);
    this.#timers = [];
    if (this.#flushTimer) clearTimeout(this.#flushTimer);
    this.#flushTimer = null;
    await this.#flushing;
    // Whatever is still pending is replayed from live_events when the browsers reconnect elsewhere.
    this.#pending = [];
    this.#pendingHeard = [];
    for (const stream of [...this.streams]) stream.end();
    await this.#source.stop();
  }

  #onNotification(channel: string, payload: string): void {
    if (channel === 'cache_versions') {
      if (payload.startsWith('sessions:')) void this.checkSessions();
      return;
    }
    if (channel !== EVENTS_CHANNEL) return;
    const event = parseLiveEvent(payload);
    if (event) this.deliver(event);
  }

  /**
   * Fans one event out to every stream of this process, once: queued, and written with the other events
   * of the same FLUSH_WINDOW_MS (each stream still decides per event, with its session's current role).
   */
  deliver(event: LiveEvent): void {
    if (event.id > 0) {
      if (this.#seen.has(event.id)) return;
      this.#seen.add(event.id);
      if (this.#seen.size > SEEN_KEPT) this.#seen.delete(this.#seen.values().next().value as number);
    }
    // Presence (id 0) is not stored: nothing to remember, but it goes out in order with the rest.
    this.#pending.push(event);
    this.#pendingHeard.push(++this.#heard);
    this.#scheduleFlush();
  }

  #scheduleFlush(): void {
    if (this.#flushTimer || this.#flushing) return;
    this.#flushTimer = setTimeout(() => {
      this.#flushTimer = null;
      this.#flushing = this.#flush().finally(() => {
        this.#flushing = null;
        if (this.#pending.length > 0) this.#scheduleFlush();
      });
    }, FLUSH_WINDOW_MS);
  }

  /**
   * Writes the pending events to every stream: one write per stream for the whole batch, and a turn of
   * the event loop every STREAMS_PER_TURN streams so a burst never holds requests back for long. One flush
   * at a time: events heard meanwhile wait for the next, so every stream gets them in the order heard.
   */
  async #flush(): Promise<void> {
    const batch = this.#pending;
    const heard = this.#pendingHeard;
    this.#pending = [];
    this.#pendingHeard = [];
    if (batch.length === 0) return;
    const frames = batch.map((event) => wireEvent(event));
    const open = [...this.streams];
    for (let i = 0; i < open.length; i += STREAMS_PER_TURN) {
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      for (const stream of open.slice(i, i + STREAMS_PER_TURN)) stream.pushBatch(batch, frames, heard);
    }
    // Only now: a heartbeat's `id:` line must never run ahead of events a stream has not been sent.
    for (const event of batch) if (event.id > this.lastId) this.lastId = event.id;
  }

  /**
   * After the LISTEN connection came back: deliver what committed meanwhile (ids already delivered are
   * skipped; commits can land out of id order, hence by time with a margin), and re-check sessions.
   */
  async #afterReconnect(lostAt: Date): Promise<void> {
    const since = new Date(lostAt.getTime() - 30_000);
    try {
      const rows = await this.#db
        .select()
        .from(liveEvents)
        .where(gte(liveEvents.at, since))
        .orderBy(liveEvents.id);
      for (const row of rows) this.deliver(toEvent(row));
      await this.checkSessions();
    } catch (error) {
      this.#warn(`live events: catch-up after reconnect failed (${(error as Error).message})`);
    }
  }

  /**
   * Adds a stream. With a Last-Event-ID it first replays what the user missed: live events queue meanwhile
   * so none is lost or sent twice. An id no longer kept (older than the replay window, or unknown) gets
   * `event: reset`: the client refetches everything.
   */
  async open(stream: EventStream, lastEventId: number | null): Promise<void> {
    // Events heard before now (even if not flushed yet) are not this stream's: a replay reads them.
    stream.heardBefore = this.#heard;
    this.streams.add(stream);
    if (lastEventId === null) return;
    stream.queue = [];
    const replayed = new Set<number>();
    try {
      const [anchor] = await this.#db
        .select({ id: liveEvents.id })
        .from(liveEvents)
        .where(eq(liveEvents.id, lastEventId))
        .limit(1);
      const rows = anchor
        ? await this.#db
            .select()
            .from(liveEvents)
            .where(gt(liveEvents.id, lastEventId))
            .orderBy(liveEvents.id)
            .limit(MAX_REPLAY + 1)
        : [];
      if (!anchor || rows.length > MAX_REPLAY) {
        stream.write('event: reset\ndata: {}\n\n');
      } else {
        for (const row of rows) {
          replayed.add(row.id);
          stream.send(toEvent(row));
        }
      }
    } finally {
      stream.goLive(replayed);
    }
  }

  close(stream: EventStream): void {
    this.streams.delete(stream);
  }

  /** A comment line every so often keeps proxies from closing the connection; expired sessions end here. */
  heartbeat(): void {
    const now = this.#now();
    for (const stream of this.streams) {
      if (stream.expiresAt <= now) {
        stream.end('revoked');
        continue;
      }
      if (stream.queue) continue;
      // An `id:` line alone moves the browser's Last-Event-ID without an event, so a stream that saw
      // nothing for a while still resumes from here rather than from an id pruned meanwhile.
      const id = this.lastId > stream.lastSentId ? `id: ${this.lastId}\n` : '';
      if (id) stream.lastSentId = this.lastId;
      stream.write(`: ping\n${id}\n`);
    }
  }

  /**
   * One query for every stream of this process: the sessions still valid and their user's current role.
   * Streams of revoked or expired sessions, or deactivated users, end with `event: revoked`.
   */
  checkSessions(): Promise<void> {
    if (this.#sessionCheck) {
      this.#sessionCheckAgain = true;
      return this.#sessionCheck;
    }
    this.#sessionCheck = this.#checkSessions()
      .catch((error: Error) => this.#warn(`live events: session check failed (${error.message})`))
      .finally(() => {
        this.#sessionCheck = null;
        if (this.#sessionCheckAgain) {
          this.#sessionCheckAgain = false;
          void this.checkSessions();
        }
      });
    return this.#sessionCheck;
  }

  async #checkSessions(): Promise<void> {
    const open = [...this.streams];
    if (open.length === 0) return;
    const ids = [...new Set(open.map((s) => s.actor.sessionId))];
    const rows = await this.#db
      .select({ sessionId: sessions.id, role: users.role })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          inArray(sessions.id, ids),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, this.#now()),
          eq(users.isActive, true),
        ),
      );
    const roles = new Map(rows.map((r) => [r.sessionId, r.role as SessionActor['role']]));
    for (const stream of open) {
      const role = roles.get(stream.actor.sessionId);
      if (!role) stream.end('revoked');
      else if (role !== stream.actor.role) stream.actor = Object.freeze({ ...stream.actor, role });
    }
  }

  /** Drops events older than the replay window (every process may run it; it is idempotent). */
  async prune(): Promise<void> {
    await this.#db
      .delete(liveEvents)
      .where(sql`${liveEvents.at} < now() - make_interval(secs => ${REPLAY_WINDOW_MS / 1000})`);
  }
}
