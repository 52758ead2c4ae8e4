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
  return beforeHeadEnd(html, NO_SESSION_META);
}

/** One entry of route-preloads.json, written by the web build (apps/web/vite.config.ts). */
type RoutePreload = { path: string; session: 'signed-in' | 'anonymous'; scripts: string[]; styles: string[] };

const ASSET = /^\/assets\/[\w.~-]+\.(js|css)$/;

/** The build's preload list; none when the file is missing or not what the build writes. */
export function readRoutePreloads(root: string): RoutePreload[] {
  try {
    const parsed = JSON.parse(readFileSync(path.join(root, 'route-preloads.json'), 'utf8')) as {
      routes?: RoutePreload[];
    };
    return Array.isArray(parsed.routes) ? parsed.routes : [];
  } catch {
    return [];
  }
}

/** Does a route pattern of the list (`/project/tasks/:id`) match this path? */
function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/');
  const b = pathname.replace(/\/+$/, '').split('/');
  return (
    a.length === b.length && a.every((part, i) => part === b[i] || (part.startsWith(':') && b[i] !== ''))
  );
}

/**
 * The `<link>` tags that let the browser fetch the requested screen's chunks while the entry script still
 * runs (issue 13 §2): modulepreload for its scripts, preload for its stylesheets. Only files under
 * /assets/ with plain names are announced.
 */
export function preloadLinks(routes: RoutePreload[], pathname: string, signedIn: boolean): string {
  const route = routes.find((r) => (r.session === 'signed-in') === signedIn && matches(r.path, pathname));
  if (!route) return '';
  const scripts = route.scripts.filter((f) => ASSET.test(f));
  const styles = route.styles.filter((f) => ASSET.test(f));
  return [
    ...scripts.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`),
    ...styles.map((f) => `<link rel="preload" as="style" crossorigin href="${f}">`),
  ].join('');
}

/** Inserts markup just before </head>. */
function beforeHeadEnd(html: string, markup: string): string {
  if (!markup) return html;
  const at = html.indexOf('</head>');
  return at === -1 ? `${markup}${html}` : `${html.slice(0, at)}${markup}${html.slice(at)}`;
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
      request: { url: string; cookies?: Record<string, string | undefined> },
      reply: {
        header: (k: string, v: string) => void;
        sendFile: (f: string) => unknown;
        type: (t: string) => unknown;
        send: (body: string) => unknown;
      },
    ) => {
      reply.header('cache-control', 'no-cache');
      reply.header('vary', 'Cookie');
      const signedIn = Boolean(request.cookies?.[AUTH_COOKIE]);
      // Read on each request (a few KB): a rebuild while running is served at once, as the assets are.
      let html = readFileSync(path.join(root, 'index.html'), 'utf8');
      if (!signedIn) html = withNoSessionMeta(html);
      const pathname = request.url.split('?')[0] ?? '/';
      html = beforeHeadEnd(html, preloadLinks(readRoutePreloads(root), pathname, signedIn));
      reply.type('text/html; charset=utf-8');
      return reply.send(html);
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
