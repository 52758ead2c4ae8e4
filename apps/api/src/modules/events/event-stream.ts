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

  /** An event from the hub: sent when this user may see it, decided now with the actor's current role. */
  push(event: LiveEvent): void {
    if (this.queue) {
      this.queue.push(event);
      return;
    }
    this.send(event);
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
