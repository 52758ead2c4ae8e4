import type { FastifyServerOptions } from 'fastify';
import { type LogFormat, prettyLogStream } from './pretty-log.ts';

/**
 * What the server log may carry (docs/product.md §F4): no query parameter values, no password hashes,
 * no tokens, no request bodies, no e-mail addresses or phone numbers. Every log line goes through
 * these serializers, so a new `log.error({ err })` anywhere cannot leak what a failed query carried.
 */

const REDACTED = '[redacted]';

// Backstop for free text (error messages, stacks): what a secret or personal value looks like.
const SECRET_PATTERNS: Array<[RegExp, string]> = [
  [/\$argon2(?:id|i|d)\$[^\s,)"'\]]*/g, '[hash]'],
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[email]'],
  // Tokens are 43 base64url characters; any long run of token-like characters goes.
  [/[A-Za-z0-9_-]{32,}/g, '[secret]'],
  // Phone-like runs of digits (7 or more, with the usual separators).
  [/\+?\d[\d ().-]{5,}\d/g, '[number]'],
];

/** Free text with secret-looking values replaced; the part after drizzle's `params:` dropped whole. */
export function scrubText(text: string): string {
  let out = text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
  for (const [pattern, replacement] of SECRET_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

// Fields of an error (node-postgres, drizzle, nodemailer, Fastify) that name what failed, not with what.
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'constraint',
  'table',
  'column',
  'routine',
  'severity',
  'validationContext',
] as const;

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/**
 * An error as the log shows it: type, scrubbed message and stack, the naming fields above, and its
 * cause the same way. Never `params`, `query` values, pg's `detail` (it quotes the offending row) or
 * any other field the error happens to carry.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: scrubText(String(error)), stack: '' };
  const out: SerializedError = {
    type: error.constructor?.name ?? 'Error',
    message: scrubText(error.message),
    stack: scrubText(error.stack ?? ''),
  };
  const record = error as unknown as Record<string, unknown>;
  for (const field of SAFE_ERROR_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

type LoggedRequest = {
  id?: unknown;
  method?: string;
  url?: string;
  routeOptions?: { url?: string };
  ip?: string;
  socket?: { remotePort?: number };
};

// A path segment that looks like a token (ours are 43 base64url characters), with any extension kept:
// the calendar feed's secret is its path (/api/calendar/<token>.ics), and so may a future link's be.
const TOKEN_SEGMENT = /(?<=\/)[A-Za-z0-9_-]{32,}(?=\.[A-Za-z0-9]+$|\/|$)/g;

/** A URL's path with every token-like segment replaced (docs/product.md §F4: no tokens in the log). */
export function redactPath(path: string): string {
  return path.replace(TOKEN_SEGMENT, REDACTED);
}

/** A request in the log: method, path and address. The query string and token-like segments can hold secrets. */
export function serializeRequest(request: LoggedRequest) {
  const url = request.url ?? '';
  const q = url.indexOf('?');
  const path = redactPath(q === -1 ? url : url.slice(0, q));
  return {
    method: request.method,
    url: q === -1 ? path : `${path}?${REDACTED}`,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

// Belt and braces for objects someone logs by hand: these keys never print their values.
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'body',
  '*.body',
  'password',
  '*.password',
  'passwordHash',
  '*.passwordHash',
  'token',
  '*.token',
  'tokenHash',
  '*.tokenHash',
  'email',
  '*.email',
  'phone',
  '*.phone',
  'params',
  '*.params',
  'text',
  '*.text',
  'html',
  '*.html',
];

export type LogStream = { write: (line: string) => void };

/** The logger options of the app: level, safe serializers, redaction; `stream` lets tests read lines. */
export function loggerOptions(
  level: string,
  stream?: LogStream,
  format: LogFormat = 'json',
): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: {
      err: (error: unknown) => serializeError(error),
      error: (error: unknown) => serializeError(error),
      req: (request: LoggedRequest) => serializeRequest(request),
    },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    // A person at a terminal reads lines; anything else (a file, a collector) gets one JSON per line.
    ...(stream ? { stream } : format === 'pretty' ? { stream: prettyLogStream(process.stdout) } : {}),
  };
}
