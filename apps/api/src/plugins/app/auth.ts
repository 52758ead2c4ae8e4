import { type Action, type Actor, can } from '@dd/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Versions } from '../../db/cache-versions.ts';
import { AppError, forbidden, unauthorized } from '../../lib/app-error.ts';
import { secureCookieFor } from '../../lib/secure-cookie.ts';
import { touchAccessToken, usedLongAgo } from '../../modules/access-tokens/access-tokens.ts';
import { readVersionsAndSession, type SessionActor, type SessionRead } from '../../modules/auth/sessions.ts';

export const AUTH_COOKIE = 'dd_token';

declare module 'fastify' {
  interface FastifyRequest {
    actor: SessionActor | null;
    /** How the caller proved who they are; 'token' is a personal access token (ADR 0052). */
    authVia: 'cookie' | 'bearer' | 'token' | null;
    /** The caches' versions, read before any data of a request that carries a token (db/cache-versions.ts). */
    versions: Versions | null;
    /**
     * The route's own read, made inside the auth statement when its config names a `sessionRead`
     * (ADR 0028); null without a valid session or when the request could not use it.
     */
    sessionRead: string | null;
  }
  interface FastifyContextConfig {
    /** Read this with the session, in the auth hook's one statement (modules/auth/sessions.ts, ADR 0028). */
    sessionRead?: SessionRead;
    /** Needs a signed-in session: a personal access token is refused here (its own management, streams). */
    sessionOnly?: boolean;
  }
  interface FastifyInstance {
    requireActor: (request: FastifyRequest) => SessionActor;
    authorize: (request: FastifyRequest, action: Action, resource?: unknown) => SessionActor;
    setAuthCookie: (reply: FastifyReply, token: string, maxAgeMs: number | null) => void;
    clearAuthCookie: (reply: FastifyReply) => void;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// A calendar feed (docs/product.md §F1) is fetched by calendar apps that send no header: its secret token is its key.
// So is a digest's unsubscribe link (docs/product.md §F2), opened from a mailbox or POSTed by a mail client.
// Git providers' webhooks send neither: the repository's secret signs each delivery.
const OPEN_PATHS = [
  '/api/health',
  '/api/docs',
  '/api/calendar/',
  '/api/digest/unsubscribe',
  '/api/webhooks/',
  // The chat's missed-message mail has one too (docs/adr/0022-project-chat.md).
  '/api/chat/unsubscribe',
  // An inbound-mail provider's delivery of a reply: the shared INBOUND_MAIL_SECRET is its key.
  '/api/inbound-mail',
];

/** Paths that never ask for the application key (the OpenAPI document says so too). */
export const isKeyFreePath = (url: string) => OPEN_PATHS.some((p) => url.startsWith(p));

/** One-click unsubscribe links (routes/one-click-unsubscribe.ts): signed, never by session. */
const SIGNED_LINK_PATHS = [
  '/api/digest/unsubscribe',
  '/api/chat/unsubscribe',
  '/api/notification/unsubscribe',
];

/**
 * Who is calling: a session token from the HttpOnly cookie or an `Authorization: Bearer` header.
 * Also enforces the application key (when APP_KEYS is set) and refuses cookie writes from foreign origins.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const publicOrigin = new URL(config.publicUrl).origin;

    app.decorateRequest('actor', null);
    app.decorateRequest('authVia', null);
    app.decorateRequest('versions', null);
    app.decorateRequest('sessionRead', null);

    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/')) return;
      if (config.appKeys.length > 0 && !isKeyFreePath(request.url)) {
        // EventSource cannot send headers: the event stream may carry the key in its query string.
        const key =
          request.headers['x-application-key'] ??
          (request.url.startsWith('/api/events') ? (request.query as { key?: unknown }).key : undefined);
        if (typeof key !== 'string' || !config.appKeys.includes(key)) {
          throw new AppError('unauthorized', { title: 'Missing or unknown application key' });
        }
      }
      // A mail's signed unsubscribe link acts on its token alone: the session is not read, so a signed-in
      // browser's click on the link page's button (a form that posts with Origin: null, the page being
      // no-referrer) is not refused as a cross-origin cookie write.
      if (SIGNED_LINK_PATHS.some((p) => request.url.startsWith(p))) return;
      // The provider's Bearer is the inbound-mail secret, not a session token.
      if (request.url.startsWith('/api/inbound-mail')) return;
      const header = request.headers.authorization;
      const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
      const cookie = request.cookies[AUTH_COOKIE];
      const token = bearer || cookie;
      if (!token) return;
      // One round trip: the versions (before any data), who is calling and, for a route that asks, its
      // own first read.
      const wanted = request.routeOptions.config.sessionRead;
      const params = wanted?.params(request) ?? null;
      const { versions, actor, read } = await readVersionsAndSession(
        app.database.reads,
        token,
        config.now(),
        wanted && params ? { read: wanted, params } : null,
      );
      request.versions = versions;
      request.actor = actor;
      request.sessionRead = read;
      request.authVia = actor ? (actor.token ? 'token' : bearer ? 'bearer' : 'cookie') : null;
      if (actor?.token) {
        if (request.routeOptions.config.sessionOnly)
          throw new AppError('forbidden', { title: 'An access token cannot do this: sign in instead' });
        if (actor.token.scope === 'read' && UNSAFE.has(request.method))
          throw new AppError('forbidden', { title: 'This access token is read-only' });
        const now = config.now();
        if (usedLongAgo(actor.token.lastUsedAt, now)) await touchAccessToken(app.db, actor.token.id, now);
      }
      if (request.authVia === 'cookie' && UNSAFE.has(request.method)) {
        const origin = request.headers.origin;
        if (origin && origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`) {
          throw new AppError('forbidden', { title: 'Cross-origin request refused' });
        }
      }
    });

    app.decorate('requireActor', (request: FastifyRequest) => {
      if (!request.actor) throw unauthorized();
      return request.actor;
    });

    app.decorate('authorize', (request: FastifyRequest, action: Action, resource?: unknown) => {
      const actor = app.requireActor(request);
      const allowed = (can as (a: Actor, act: Action, r?: unknown) => boolean)(actor, action, resource);
      if (!allowed) throw forbidden();
      return actor;
    });

    app.decorate('setAuthCookie', (reply: FastifyReply, token: string, maxAgeMs: number | null) => {
      reply.setCookie(AUTH_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookieFor(config.publicUrl, reply.request),
        path: '/',
        ...(config.cookieDomain ? { domain: config.cookieDomain } : {}),
        ...(maxAgeMs ? { maxAge: Math.floor(maxAgeMs / 1000) } : {}),
      });
    });

    app.decorate('clearAuthCookie', (reply: FastifyReply) => {
      reply.clearCookie(AUTH_COOKIE, {
        path: '/',
        ...(config.cookieDomain ? { domain: config.cookieDomain } : {}),
      });
    });
  },
  { name: 'auth', dependencies: ['config', 'database'] },
);
