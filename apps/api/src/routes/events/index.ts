import { mediaAnswerSchema } from '@dd/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, unauthorized } from '../../lib/app-error.ts';
import { EventStream } from '../../modules/events/event-stream.ts';
import { loadSessionExpiry } from '../../modules/events/session-expiry.ts';

/** Last-Event-ID as the browser sends it back: a positive integer, anything else means "from now". */
function lastEventId(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,15}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return id > 0 ? id : null;
}

const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events',
    {
      // Streamed by hand below: never compressed (a compressor would hold events back).
      compress: false,
      // A stream is a session's (its slots, its revocation): integrations hear events by webhook.
      config: { sessionOnly: true },
      schema: {
        tags: ['events'],
        summary: 'Live changes the signed-in user may see (Server-Sent Events)',
        description:
          'text/event-stream. Each event: `id` (for Last-Event-ID), `data` {"type","id","project"} naming what ' +
          'changed (project, update, file, link, team, sprint, task, tag, comment, call). `event: reset` asks ' +
          'the client to refetch everything (replay window passed); `event: revoked` ends a revoked session.',
        response: {
          200: mediaAnswerSchema({
            mediaType: 'text/event-stream',
            streaming: true,
            description: 'An endless Server-Sent Events stream (a `: connected` comment first)',
          }),
        },
      },
    },
    async (request, reply) => {
      const actor = app.requireActor(request);
      const expiresAt = await loadSessionExpiry(app.db, actor.sessionId);
      if (!expiresAt) throw unauthorized();
      const since = lastEventId(request.headers['last-event-id']);
      // At most 10 streams per session and 20 per user, counted across processes (ADR 0019).
      const slot = await app.streamSlots.claim(actor);
      if (!slot) {
        reply.header('retry-after', '30');
        throw new AppError('too_many_requests', { title: 'Too many open event streams' });
      }
      const release = () =>
        app.streamSlots
          .release(slot)
          .catch((e: Error) => request.log.warn(`event slot release (${e.message})`));
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx buffers proxied responses unless told not to.
        'x-accel-buffering': 'no',
      });
      res.socket?.setNoDelay(true);
      const stream = new EventStream(res, actor, expiresAt, () => {
        app.events.close(stream);
        void release();
      });
      // The reconnect delay the browser uses after a dropped connection.
      stream.write('retry: 3000\n: connected\n\n');
      await app.events.open(stream, since);
    },
  );
};

export default eventRoutes;
