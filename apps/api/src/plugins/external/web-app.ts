import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import {
  FIRST_SCREEN_ELEMENT_ID,
  firstScreenRequests,
  matchRoutePath,
  SESSION_CHECK_REQUEST,
} from '@dd/domain';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
 * asking GET /authorization/check, whose 401 every browser logs as a console error (docs/product.md §F5).
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

/** Does a route pattern of the list (`/project/tasks/:id`) match this path? The router's rules. */
const matches = (pattern: string, pathname: string) => matchRoutePath(pattern, pathname) !== null;

/**
 * The `<link>` tags that let the browser fetch the requested screen's chunks while the entry script still
 * runs (docs/product.md §F5): modulepreload for its scripts, preload for its stylesheets. Only files under
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

/** A page waits at most this long for its first screen's answers; past it, the app asks for them itself. */
const FIRST_SCREEN_WAIT_MS = 1_000;

type FirstScreen = { answers: Array<[string, string]>; sessionEnded: boolean };
/** What a page carries when its reads failed or took too long: nothing; the app asks for itself. */
const NO_ANSWERS: FirstScreen = { answers: [], sessionEnded: false };

/**
 * The first screen's reads (packages/domain first-screen.ts), answered by this server's own routes for
 * the page request's cookie (ADR 0017): the same authentication, permission rules and documents as the
 * app's own requests, counted against the visitor's address. Only 200 answers are kept; the app asks
 * again for anything missing. `sessionEnded` when the session check refused the cookie.
 */
export async function firstScreenAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  paths: readonly string[],
): Promise<FirstScreen> {
  const appKey = app.config.appKeys[0];
  const headers: Record<string, string> = {
    accept: 'application/vnd.api+json',
    ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
    ...(appKey ? { 'x-application-key': appKey } : {}),
  };
  let sessionEnded = false;
  const answered = await Promise.all(
    paths.map(async (p): Promise<[string, string] | null> => {
      const res = await app.inject({ method: 'GET', url: `/api${p}`, headers, remoteAddress: request.ip });
      if (p === SESSION_CHECK_REQUEST && res.statusCode === 401) sessionEnded = true;
      return res.statusCode === 200 && res.body ? [p, res.body] : null;
    }),
  );
  return { answers: answered.filter((a): a is [string, string] => a !== null), sessionEnded };
}

/**
 * The answers as a JSON island the browser never runs (`type="application/json"`, allowed by the CSP);
 * `<`, `>`, `&` and the line separators are escaped inside it, so no answer can end the element.
 */
export function firstScreenScript(answers: Array<[string, string]>): string {
  if (answers.length === 0) return '';
  const json = `{${answers.map(([p, body]) => `${JSON.stringify(p)}:${body}`).join(',')}}`.replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${json}</script>`;
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
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      const withCookie = Boolean(request.cookies?.[AUTH_COOKIE]);
      const pathname = request.url.split('?')[0] ?? '/';
      // The first screen's answers, read while the page goes out (ADR 0017); a slow database costs the
      // page at most FIRST_SCREEN_WAIT_MS, after which the app asks for them itself.
      const reads = firstScreenAnswers(app, request, firstScreenRequests(pathname, withCookie)).catch(
        () => NO_ANSWERS,
      );
      let timer: NodeJS.Timeout | undefined;
      const answered = Promise.race([
        reads,
        new Promise<FirstScreen>((resolve) => {
          timer = setTimeout(() => resolve(NO_ANSWERS), FIRST_SCREEN_WAIT_MS);
        }),
      ]).finally(() => clearTimeout(timer));
      // Read on each request (a few KB): a rebuild while running is served at once, as the assets are.
      let html = readFileSync(path.join(root, 'index.html'), 'utf8');
      if (!withCookie) html = withNoSessionMeta(html);
      html = beforeHeadEnd(html, preloadLinks(readRoutePreloads(root), pathname, withCookie));
      const at = html.lastIndexOf('</body>');
      const [start, end] = at === -1 ? [html, ''] : [html.slice(0, at), html.slice(at)];
      // The document up to </body> goes out at once, so the browser fetches the scripts while the reads
      // run; the answers follow in the same response (module scripts run only once it has all arrived).
      // Compressed here, flushed after the first part: @fastify/compress would hold it back.
      reply.type('text/html; charset=utf-8');
      reply.header('vary', 'Cookie, Accept-Encoding');
      // A page that may carry a signed-in user's data is never stored; an anonymous one is revalidated.
      reply.header('cache-control', withCookie ? 'private, no-store' : 'no-cache');
      const body = new PassThrough();
      const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')) ? createGzip() : null;
      if (gzip) {
        reply.header('content-encoding', 'gzip');
        gzip.pipe(body);
      }
      const sink = gzip ?? body;
      sink.write(start);
      gzip?.flush();
      void answered.then(({ answers, sessionEnded }) => {
        // A cookie the session check refused is no session: the app then asks for nothing it would be
        // refused (no 401 in the console) and goes to sign-in.
        const rest = (withCookie && sessionEnded ? NO_SESSION_META : '') + firstScreenScript(answers);
        sink.end(rest + end);
      });
      return reply.send(body);
    };
    app.get('/', { schema: { hide: true } }, sendIndex);
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
      return sendIndex(request, reply);
    });
  },
  { name: 'web-app', dependencies: ['config'] },
);
