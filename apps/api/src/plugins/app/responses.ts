import {
  anyDocumentSchema,
  collectionDocumentSchema,
  errorDocumentSchema,
  noContentSchema,
} from '@dd/domain';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';

/** Operations that can answer 409 (a record already exists) besides the common error statuses. */
const CONFLICTS = new Set([
  'POST /api/setting/create',
  'POST /api/reminder-setting/create',
  // A slot another live call holds, or a call no longer in a state the action applies to.
  'POST /api/scheduled-call/create',
  'POST /api/scheduled-call/:id/approve',
  'POST /api/scheduled-call/:id/decline',
  'POST /api/scheduled-call/:id/cancel',
  'POST /api/scheduled-call/:id/move',
  // A signed Approve/Decline link of a call no longer waiting (docs/product.md §F1).
  'POST /api/scheduled-call/signed-action',
  // An invitation spent by someone already signed in.
  'POST /api/authorization/register',
  // An invitation still pending for the address and project (docs/product.md §F13).
  'POST /api/invitation/create',
  // Adding an observer who is already on the project in another way.
  'POST /api/project/:id/observer',
  // A stalled upload that lost its lease and was swept.
  'POST /api/project/:id/file/upload',
  'POST /api/project/:id/upload-file',
  // A repository connected to a project already.
  'POST /api/project/:id/repositories',
  // A delivery someone else decided on first (docs/adr/0021-delivery-review-and-report.md).
  'POST /api/task/:id/accept',
  'POST /api/task/:id/reject',
]);
/** Operations that refuse with 429 by their own count (not the rate limiter's `config.rateLimit`). */
const OWN_LIMITS = new Set([
  'POST /api/project/:id/file/upload',
  'POST /api/project/:id/upload-file',
  // Open event streams per session and per user (docs/adr/0019-event-stream-caps.md).
  'GET /api/events',
  // Chat posting: per user (routes/project/messages.ts).
  'POST /api/project/:id/messages',
]);
/** Operations that answer 201 Created. */
const CREATED = new Set([
  'POST /api/user/create',
  'POST /api/company/create',
  'POST /api/team/create',
  'POST /api/project/create',
  'POST /api/user/register-client',
  'POST /api/invitation/create',
  'POST /api/authorization/register',
  'POST /api/project/:id/upload-file',
  'POST /api/link/create',
  'POST /api/project-update/post',
  'POST /api/image/upload',
  'POST /api/project/:id/team-member',
  'POST /api/reminder-setting/create',
  'POST /api/setting/create',
  'POST /api/sprint/create',
  'POST /api/task/create',
  'POST /api/tag/create',
  'POST /api/task-comment/create',
  'POST /api/scheduled-call/create',
]);
/** Operations that answer 204 No Content besides every DELETE. */
const NO_CONTENT = new Set([
  'POST /api/authorization/incomplete-registration',
  'POST /api/project/:id/relationships/link',
  'POST /api/task/:id/editing',
  'POST /api/project/:id/messages/typing',
]);
/** Answers that are not JSON:API: the liveness check is plain JSON and its errors are too. */
const PLAIN = new Set(['/api/health']);

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);

/**
 * The 4xx answers an operation can give, all the JSON:API error document of plugins/app/errors.ts:
 * 400 bad parameters or malformed JSON, 401 no session (or no application key when APP_KEYS is set),
 * 403 not allowed (or a cross-origin cookie write), 404 an unknown id, 409 a duplicate, 413 a body over
 * the limit, 415 a body that is not JSON, 422 an invalid body or a request the rules refuse, 429 a rate limit, 503 the database unreachable, 507 a write that met a full disk. 404 and 422 wherever
 * the operation reads an id, a query or a body.
 */
export function errorStatuses(route: RouteOptions): number[] {
  const url = route.url;
  // 503 everywhere: any operation meets a database that is restarting (docs/product.md §F11).
  if (PLAIN.has(url)) return [503];
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const hasBody = Boolean(schema.body) || methodsOf(route).some((m) => m === 'POST' || m === 'PATCH');
  const statuses = [400, 401, 403];
  const readsInput =
    hasBody || Boolean(schema.params || schema.querystring) || methodsOf(route).includes('DELETE');
  if (readsInput) statuses.push(404);
  if (methodsOf(route).some((m) => CONFLICTS.has(`${m} ${url}`))) statuses.push(409);
  if (hasBody) statuses.push(413, 415);
  if (readsInput) statuses.push(422);
  if (
    (route.config as { rateLimit?: unknown } | undefined)?.rateLimit ||
    methodsOf(route).some((m) => OWN_LIMITS.has(`${m} ${url}`))
  )
    statuses.push(429);
  statuses.push(503);
  // Any write may need room on the database's disk (docs/product.md §F12).
  if (hasBody) statuses.push(507);
  return statuses;
}

/**
 * The success answer of an operation that does not declare its own: 204 for a DELETE, otherwise a
 * JSON:API document (resources with their attributes as sent; a list for a `/search`). Routes with a precise schema declare it.
 */
function defaultSuccess(route: RouteOptions): Record<number, unknown> {
  const op = `${methodsOf(route)[0]} ${route.url}`;
  if (op.startsWith('DELETE ') || NO_CONTENT.has(op)) return { 204: noContentSchema };
  if (op.startsWith('GET ') && op.endsWith('/search')) return { 200: collectionDocumentSchema };
  return { [CREATED.has(op) ? 201 : 200]: anyDocumentSchema };
}

const isSuccess = (status: string) => /^2(\d\d|xx)$/i.test(status);

/**
 * Tests only: each operation's `response` schemas as the route declared them ('GET /api/user/:id'),
 * so a test can check that the route answers with the schema the web reads (packages/domain ANSWERS).
 */
export const declaredResponses = new Map<string, Record<string | number, unknown>>();

/** Adds the error answers to every /api route's `response` schema: serialized and documented. */
export default fp(
  async (app, options: { check?: boolean }) => {
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
      route.schema ??= {};
      const schema = route.schema as { response?: Record<string | number, unknown> };
      schema.response ??= {};
      if (!Object.keys(schema.response).some(isSuccess))
        Object.assign(schema.response, defaultSuccess(route));
      for (const status of errorStatuses(route)) schema.response[status] ??= errorDocumentSchema;
      if (options.check)
        for (const method of methodsOf(route))
          declaredResponses.set(`${method} ${route.url}`, schema.response);
    });
    // Tests: an answer whose status the operation does not document fails, so the document cannot lie.
    if (options.check)
      app.addHook('onSend', async (request, reply, payload) => {
        const response = (request.routeOptions.schema as { response?: Record<string, unknown> } | undefined)
          ?.response;
        const status = String(reply.statusCode);
        if (!response || status === '500' || !request.url.startsWith('/api/')) return payload;
        if (request.url.startsWith('/api/docs')) return payload;
        if (!(status in response) && !(`${status[0]}xx` in response))
          throw new Error(
            `${request.method} ${request.routeOptions.url} answered ${status}, not in its response schema`,
          );
        // A JSON answer written as text by the route (cached list pages) skipped the serializer's check.
        const schema = response[status] as z.ZodType | undefined;
        const type = String(reply.getHeader('content-type') ?? '');
        if (typeof payload === 'string' && status.startsWith('2') && /json/.test(type) && schema?.safeParse) {
          const parsed = schema.safeParse(JSON.parse(payload));
          if (!parsed.success)
            throw new Error(
              `${request.method} ${request.routeOptions.url} answered outside its response schema: ${parsed.error.issues
                .slice(0, 3)
                .map((i) => `${i.path.join('/')}: ${i.message}`)
                .join('; ')}`,
            );
        }
        return payload;
      });
  },
  { name: 'responses' },
);
