import type { FastifyInstance } from 'fastify';

/** One Server-Sent Event as a browser's EventSource would dispatch it (comments kept for heartbeats). */
export type SseEvent = { event: string; id: string | null; data: string; comment?: string };
export type LiveChange = { type: string; id: string; project: string };

/** The app on a real port: `inject` cannot hold a streaming response open. */
export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * A real HTTP connection to GET /api/events, parsed as the SSE spec says. `received` grows as events
 * arrive; `next()` waits for one that matches; `ended` resolves when the server closes the stream.
 */
export async function openEventStream(base: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const received: SseEvent[] = [];
  const waiters: Array<{ match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }> = [];
  let resolveEnded!: () => void;
  const ended = new Promise<void>((resolve) => {
    resolveEnded = resolve;
  });
  const dispatch = (event: SseEvent) => {
    received.push(event);
    for (const waiter of [...waiters])
      if (waiter.match(event)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
  };
  let reader: ReadableStreamDefaultReader<string> | null = null;
  if (response.ok && response.body) {
    reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      let current: SseEvent = { event: 'message', id: null, data: '' };
      let dataLines: string[] = [];
      try {
        for (;;) {
          const { done, value } = await reader!.read();
          if (done) break;
          buffer += value;
          let at = buffer.indexOf('\n');
          while (at >= 0) {
            const line = buffer.slice(0, at).replace(/\r$/, '');
            buffer = buffer.slice(at + 1);
            at = buffer.indexOf('\n');
            if (line === '') {
              if (dataLines.length > 0 || current.id !== null || current.comment)
                dispatch({ ...current, data: dataLines.join('\n') });
              current = { event: 'message', id: null, data: '' };
              dataLines = [];
              continue;
            }
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === '') current.comment = value;
            else if (field === 'event') current.event = value;
            else if (field === 'data') dataLines.push(value);
            else if (field === 'id') current.id = value;
          }
        }
      } catch {
        // aborted by close()
      }
      resolveEnded();
    })();
  } else {
    resolveEnded();
  }
  const changes = () =>
    received.filter((e) => e.event === 'message' && e.data).map((e) => JSON.parse(e.data) as LiveChange);
  return {
    response,
    received,
    ended,
    changes,
    /** The first event (already received or still to come) that matches, or a rejection after `ms`. */
    next(match: (e: SseEvent) => boolean, ms = 5000): Promise<SseEvent> {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching event within ${ms} ms`)), ms);
        waiters.push({
          match,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      });
    },
    /** Waits for a change event of this type and project. */
    change(type: string, project: number, ms?: number) {
      return this.next((e) => {
        if (e.event !== 'message' || !e.data) return false;
        const c = JSON.parse(e.data) as LiveChange;
        return c.type === type && c.project === String(project);
      }, ms).then((e) => ({ ...(JSON.parse(e.data) as LiveChange), eventId: e.id }));
    },
    /** Drops the connection as a closing browser tab would. */
    close() {
      controller.abort();
      reader?.cancel().catch(() => {});
      resolveEnded();
      return ended;
    },
  };
}

/** An operation of the OpenAPI document that the document marks as a never-ending stream. */
export const isStreaming = (operation: object | undefined) =>
  (operation as { 'x-streaming'?: unknown } | undefined)?.['x-streaming'] === true;

/**
 * A request to a streaming operation (one `isStreaming` names) over a real connection: a refusal is read
 * whole; a stream is read for `ms` milliseconds (or its first chunk), then the connection is dropped.
 * The answer has the shape of `inject`'s that the walking tests use.
 */
export async function openBriefly(
  base: string,
  request: { method?: string; url: string; headers?: Record<string, string>; payload?: string },
  ms = 200,
): Promise<{ statusCode: number; body: string }> {
  const controller = new AbortController();
  const method = request.method ?? 'GET';
  const response = await fetch(`${base}${request.url}`, {
    method,
    headers: request.headers,
    ...(request.payload !== undefined && method !== 'GET' ? { body: request.payload } : {}),
    signal: controller.signal,
  });
  if (!response.ok || !response.body) return { statusCode: response.status, body: await response.text() };
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let body = '';
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    const first = await reader.read();
    body += first.value ?? '';
  } catch {
    // aborted before the first chunk: nothing read
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return { statusCode: response.status, body };
}
