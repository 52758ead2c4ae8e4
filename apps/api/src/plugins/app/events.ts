import fp from 'fastify-plugin';
import { EventHub } from '../../modules/events/event-hub.ts';
import { notificationSourceFor } from '../../modules/events/notification-source.ts';
import { SLOT_REFRESH_MS, StreamSlots } from '../../modules/events/stream-slots.ts';

declare module 'fastify' {
  interface FastifyInstance {
    events: EventHub;
    /** Open streams counted across processes (docs/adr/0019-event-stream-caps.md). */
    streamSlots: StreamSlots;
  }
}

/** Between 15 and 25 s, so proxies with a 30 s idle timeout never close a quiet stream. */
const HEARTBEAT_MS = 20_000;
const PRUNE_MS = 60_000;

/**
 * The process's live-event hub (docs/adr/0010-live-events.md): one LISTEN connection, fanned out in
 * memory to the `GET /api/events` streams this process holds. Streams end before the server closes,
 * or a graceful shutdown would wait for them forever.
 */
export default fp(
  async (app) => {
    const warn = (message: string) => app.log.warn(message);
    const hub = new EventHub({
      db: app.db,
      source: notificationSourceFor(app.database, warn),
      now: app.config.now,
      warn,
    });
    await hub.start({ heartbeatMs: HEARTBEAT_MS, pruneMs: PRUNE_MS });
    app.decorate('events', hub);
    const slots = new StreamSlots(app.db);
    app.decorate('streamSlots', slots);
    const refresh = setInterval(
      () => slots.refresh().catch((e: Error) => warn(`live events: slot refresh (${e.message})`)),
      SLOT_REFRESH_MS,
    );
    refresh.unref();
    app.addHook('preClose', async () => {
      clearInterval(refresh);
      await hub.stop();
      await slots.releaseAll().catch((e: Error) => warn(`live events: slot release (${e.message})`));
    });
  },
  { name: 'events', dependencies: ['config', 'database'] },
);
