import type { ServerResponse } from 'node:http';
import type { SessionActor } from '../auth/sessions.ts';
import { type LiveEvent, mayReceive, wireEvent } from './live-event.ts';

/** A client that cannot keep up (this many bytes unsent) is cut; it reconnects and replays. */
const MAX_BUFFERED_BYTES = 1_000_000;

/** One open `GET /api/events` response, held by the hub of its process. */
export class EventStream {
  actor: SessionActor;
  readonly expiresAt: Date;
  /** Events that arrived while the stream was replaying, sent after the replay (null: live). */
  queue: LiveEvent[] | null = null;
  lastSentId = 0;
  /** The hub's count of events heard when this stream opened: only later ones are pushed to it. */
  heardBefore = 0;
  closed = false;
  readonly #res: ServerResponse;
  readonly #onClose: () => void;

  constructor(res: ServerResponse, actor: SessionActor, expiresAt: Date, onClose: () => void) {
    this.#res = res;
    this.actor = actor;
    this.expiresAt = expiresAt;
    this.#onClose = onClose;
    res.on('close', () => this.#closed());
  }

  /**
   * Events from the hub, with their frames made once for all streams: the ones this user may see now
   * (decided per event with the actor's current role) go out in one write.
   */
  pushBatch(events: readonly LiveEvent[], frames: readonly string[], heard: readonly number[]): void {
    if (this.closed) return;
    let text = '';
    for (let i = 0; i < events.length; i++) {
      if (heard[i]! <= this.heardBefore) continue;
      const event = events[i]!;
      if (this.queue) {
        this.queue.push(event);
        continue;
      }
      if (!mayReceive(this.actor, event)) continue;
      text += frames[i];
      if (event.id > this.lastSentId) this.lastSentId = event.id;
    }
    if (text) this.write(text);
  }

  send(event: LiveEvent): void {
    if (!mayReceive(this.actor, event)) return;
    this.write(wireEvent(event));
    if (event.id > this.lastSentId) this.lastSentId = event.id;
  }

  /** Sends what queued during the replay, skipping what the replay already sent. */
  goLive(replayed: Set<number>): void {
    const queued = this.queue ?? [];
    this.queue = null;
    for (const event of queued) if (!replayed.has(event.id)) this.send(event);
  }

  write(text: string): void {
    if (this.closed) return;
    this.#res.write(text);
    if (this.#res.writableLength > MAX_BUFFERED_BYTES) this.end();
  }

  /** Ends the response; `event` names why (e.g. 'revoked') so the web app stops reconnecting. */
  end(event?: string): void {
    if (this.closed) return;
    if (event) this.#res.write(`event: ${event}\ndata: {}\n\n`);
    this.#res.end();
    this.#closed();
  }

  #closed(): void {
    if (this.closed) return;
    this.closed = true;
    this.#onClose();
  }
}
