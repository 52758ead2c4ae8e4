import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { notFound } from '../../lib/app-error.ts';
import { AUTH_COOKIE } from '../app/auth.ts';

function findWebDist(explicit: string | null): string | null {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = explicit
    ? [explicit]
    : [
        path.resolve(here, '../../web/dist'),
        path.resolve(here, '../../../../web/dist'),
        path.resolve('apps/web/dist'),
      ];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html'))) ?? null;
}

/** Tells the SPA that the request carried no session cookie, so it needs no session check. */
export const NO_SESSION_META = '<meta name="dd-session" content="none" />';

/**
 * index.html for a visitor without a session cookie: the SPA then knows it is anonymous without
 * asking GET /authorization/check, whose 401 every browser logs as a console error (issue 13 §5).
 */
export function withNoSessionMeta(html: string): string {
  const at = html.indexOf('</head>');
  return at === -1 ? `${NO_SESSION_META}${html}` : `${html.slice(0, at)}${NO_SESSION_META}${html.slice(at)}`;
}

/** Serves the built SPA: real files as they are, index.html for every other non-API path. */
export default fp(
  async (app) => {
    const root = findWebDist(app.config.webDist);
    if (!root) {
      app.log.warn('apps/web/dist not found: only the API is served (run npm run build)');
      return;
    }
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each script and stylesheet (apps/web/vite.config.ts):
      // sent as they are, so no request compresses a bundle on the event loop. Other files fall back to
      // the plain file (and @fastify/compress).
      preCompressed: true,
      maxAge: '1h',
      setHeaders: (res, file) => {
        // Hashed bundles never change; index.html must always be revalidated.
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    const sendIndex = (
      request: { cookies?: Record<string, string | undefined> },
      reply: {
        header: (k: string, v: string) => void;
        sendFile: (f: string) => unknown;
        type: (t: string) => unknown;
        send: (body: string) => unknown;
      },
    ) => {
      reply.header('cache-control', 'no-cache');
      reply.header('vary', 'Cookie');
      if (request.cookies?.[AUTH_COOKIE]) return reply.sendFile('index.html');
      // Read on each request (a few KB): a rebuild while running is served at once, as the assets are.
      reply.type('text/html; charset=utf-8');
      return reply.send(withNoSessionMeta(readFileSync(path.join(root, 'index.html'), 'utf8')));
    };
    app.get('/', { schema: { hide: true } }, sendIndex as never);
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      if (request.url.startsWith('/api/') || request.url === '/api') throw notFound('Route');
      // Files added after start (a rebuild) are served too; a missing asset is a 404, never index.html,
      // so a browser never runs HTML as a script.
      const relative = decodeURIComponent(request.url.split('?')[0] ?? '').replace(/^\/+/, '');
      const file = path.resolve(root, relative);
      if (file.startsWith(root + path.sep) && existsSync(file) && statSync(file).isFile()) {
        return reply.sendFile(relative);
      }
      if (relative.startsWith('assets/')) throw notFound('File');
      return sendIndex(request, reply as never);
    });
  },
  { name: 'web-app', dependencies: ['config'] },
);
