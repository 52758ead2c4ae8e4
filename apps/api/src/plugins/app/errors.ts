import { type ErrorCode, errorCodeOfStatus, isStaffRole } from '@dd/domain';
import type { FastifyError, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError, forbidden, unauthorized } from '../../lib/app-error.ts';
import { NUL_TITLE } from './input-guard.ts';

type JsonApiError = {
  status: string;
  /** The stable code the web decides on (packages/domain/src/error-codes.ts); the title is for people. */
  code: ErrorCode;
  title: string;
  source?: { pointer?: string; parameter?: string };
};

/** The one place failures become JSON:API errors; a 500 never shows internals. */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      let status = 500;
      let errors: JsonApiError[];
      if (error instanceof AppError && error.code === 'not_found' && hidesExistence(request)) {
        // Someone who cannot see every record (a visitor, a client) gets the answer a record that is
        // not theirs gets: an unknown id and someone else's id must look the same (docs/product.md §F4).
        const hidden = request.actor ? forbidden() : unauthorized();
        status = hidden.status;
        errors = hidden.details.map((d) => ({ status: String(status), code: hidden.code, title: d.title }));
      } else if (error instanceof AppError) {
        status = error.status;
        errors = error.details.map((d) => ({
          status: String(status),
          code: error.code,
          title: d.title,
          ...(d.pointer || d.parameter
            ? { source: d.pointer ? { pointer: d.pointer } : { parameter: d.parameter } }
            : {}),
        }));
      } else if (hasZodFastifySchemaValidationErrors(error)) {
        status = 422;
        errors = error.validation.map((issue) => {
          const path = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean);
          const where = error.validationContext ?? 'body';
          return {
            status: '422',
            code: 'unprocessable' as const,
            title: issue.message ?? 'Invalid value',
            source:
              where === 'body'
                ? { pointer: `/${path.join('/')}` }
                : { parameter: path.length ? path.join('.') : where },
          };
        });
        if (error.validationContext !== 'body') {
          status = 400;
          errors = errors.map((e) => ({ ...e, status: '400', code: 'bad_request' }));
        }
      } else if (error instanceof ZodError) {
        // A schema parsed by hand in a handler or hook: still the caller's input, never a crash.
        status = 422;
        errors = error.issues.map((issue) => ({
          status: '422',
          code: 'unprocessable' as const,
          title: issue.message,
          ...(issue.path.length ? { source: { pointer: `/${issue.path.join('/')}` } } : {}),
        }));
      } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        status = error.statusCode;
        errors = [{ status: String(status), code: errorCodeOfStatus(status), title: publicTitle(error) }];
      } else if (databaseRefusal(error)) {
        // Fallback for input the database refuses that no check caught first: a 4xx naming the kind,
        // logged with the SQLSTATE only (never the query parameters).
        const refusal = databaseRefusal(error)!;
        status = refusal.status;
        errors = [{ status: String(status), code: errorCodeOfStatus(status), title: refusal.title }];
        request.log.warn({ sqlState: refusal.code }, 'database refused the input');
      } else if (storageFull(error)) {
        // The disk under the database is full (docs/product.md §F12): the write was rolled back, reads
        // go on, and the same request succeeds once space is freed. Not the client's fault, not a crash.
        status = 507;
        errors = [{ status: '507', code: 'insufficient_storage', title: STORAGE_FULL_TITLE }];
        request.log.error({ err: storageFull(error) }, 'storage full');
      } else if (databaseUnreachable(error)) {
        // The database is down or restarting (docs/product.md §F11): a 503 with Retry-After tells
        // clients and load balancers to come back, where a 500 would say the request itself was wrong.
        status = 503;
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        errors = [
          {
            status: '503',
            code: 'unavailable',
            title: 'The database is unavailable, please try again shortly',
          },
        ];
        request.log.warn({ err: databaseUnreachable(error) }, 'database unreachable');
      } else {
        request.log.error({ err: error }, 'unhandled error');
        errors = [{ status: '500', code: 'internal', title: 'Internal server error' }];
      }
      reply.status(status).type('application/vnd.api+json').send({ errors });
    });

    app.setNotFoundHandler((request, reply) => {
      reply
        .status(404)
        .type('application/vnd.api+json')
        .send({
          errors: [
            {
              status: '404',
              code: 'not_found',
              title: `Route ${request.method} ${request.url.split('?')[0]} not found`,
            },
          ],
        });
    });
  },
  { name: 'errors' },
);

function publicTitle(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty';
    default:
      return error.statusCode === 429 ? 'Too many requests, please try again later' : 'Malformed request';
  }
}

/** PostgreSQL SQLSTATEs that mean "your input", with the answer each gets. */
const DATABASE_REFUSALS: Record<string, { status: number; title: string }> = {
  // foreign_key_violation on insert/update: an id naming no record.
  '23503': { status: 422, title: 'A related record does not exist' },
  '23505': { status: 409, title: 'This record already exists' },
  '23514': { status: 422, title: 'A value is not allowed' },
  '23502': { status: 422, title: 'A required value is missing' },
  '22001': { status: 422, title: 'A value is too long' },
  '22003': { status: 422, title: 'A number is out of range' },
  '22021': { status: 422, title: NUL_TITLE },
  '22P05': { status: 422, title: NUL_TITLE },
  '22P02': { status: 422, title: 'A value has the wrong format' },
  '22007': { status: 422, title: 'A date or time has the wrong format' },
  '22008': { status: 422, title: 'A date or time is out of range' },
};

/** The database's refusal of a request's input, found on the error or its causes (Drizzle wraps). */
function databaseRefusal(error: unknown): ({ code: string } & { status: number; title: string }) | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code in DATABASE_REFUSALS) {
      const refusal = DATABASE_REFUSALS[code]!;
      // Deleting a record others still point at is a conflict, not bad input.
      const message = String((current as { message?: unknown }).message ?? '');
      if (code === '23503' && /update or delete on table/.test(message))
        return { code, status: 409, title: 'This record is still in use' };
      return { code, ...refusal };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** Seconds a client should wait: the watchdog notices a dead server within ~1 s, a restart takes a few. */
const RETRY_AFTER_SECONDS = 5;

export const STORAGE_FULL_TITLE = 'The server has no storage space left, nothing was saved';

/**
 * A write that met a full disk, on the error or its causes (Drizzle wraps): PostgreSQL's disk_full
 * (53100, "could not extend file … No space left on device") or Node's own ENOSPC. Null otherwise.
 */
export function storageFull(error: unknown): { code: string; message: string } | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === '53100' || code === 'ENOSPC')
      return { code, message: String((current as { message?: unknown }).message ?? '') };
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** SQLSTATEs of a server going away: admin_shutdown, crash_shutdown, cannot_connect_now (starting up). */
const UNREACHABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
/** Node's socket errors when nothing listens or the connection broke. */
const UNREACHABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'EPIPE', 'ETIMEDOUT']);

/**
 * node-postgres's own words, with no code, for a socket closed under a query, a client broken or closed with
 * queries queued on it, and a pool already ended by the shutdown; PGlite's for a closed database.
 */
const UNREACHABLE_MESSAGES =
  /^Connection terminated|timeout exceeded when trying to connect|is not queryable|after calling end on the pool|PGlite is closed/i;

/**
 * The connection failure on the error or its causes (Drizzle wraps), or null: a known SQLSTATE or errno,
 * any SQLSTATE of class 08 (connection exception), or one of the messages above.
 */
export function databaseUnreachable(error: unknown): { code?: string; message: string } | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    const message = String((current as { message?: unknown }).message ?? '');
    if (
      typeof code === 'string' &&
      (UNREACHABLE_SQLSTATES.has(code) || UNREACHABLE_ERRNOS.has(code) || code.startsWith('08'))
    )
      return { code, message };
    if (UNREACHABLE_MESSAGES.test(message)) return { message };
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** API record look-ups by a caller who may not see every record: their "not found" must not show. */
function hidesExistence(request: FastifyRequest): boolean {
  // Only a record look-up of an API route: an unknown route is a 404 for everyone (the web app's
  // catch-all answers it when the built app is served).
  if (!request.url.startsWith('/api/') || !request.routeOptions.url?.startsWith('/api/')) return false;
  // A route whose path carries its own secret (a calendar feed token) has no record to hide.
  if (request.routeOptions.config?.revealsNotFound) return false;
  const actor = request.actor;
  return !actor || !isStaffRole(actor.role);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's "not found" is its own answer, even to visitors (a secret in the path is the key). */
    revealsNotFound?: boolean;
  }
}
