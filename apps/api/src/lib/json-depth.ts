import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * How deep a JSON body may nest (docs/product.md §F4). No request of the product nests past about 6 levels;
 * a body nested thousands of levels deep is an attack on whatever walks it after parsing (validation, the
 * NUL check), so it is refused before JSON.parse, in one linear pass over its text.
 */
export const MAX_JSON_DEPTH = 64;

export const TOO_DEEP_TITLE = `JSON nested deeper than ${MAX_JSON_DEPTH} levels`;

/** True when the text's arrays and objects nest deeper than `max`; strings (and their escapes) are skipped. */
export function jsonNestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}

type JsonParser = (
  request: FastifyRequest,
  body: string,
  done: (error: Error | null, body?: unknown) => void,
) => void;

/**
 * Fastify's own JSON parser (prototype poisoning refused), behind the depth check: every JSON body of
 * the app is parsed through this one, so a too-deep body answers 400 before anything walks it.
 */
export function depthGuardedJsonParser(app: FastifyInstance): JsonParser {
  const parseJson = app.getDefaultJsonParser('error', 'error') as JsonParser;
  return (request, body, done) => {
    if (jsonNestsDeeperThan(body)) return done(new AppError('bad_request', { title: TOO_DEEP_TITLE }));
    return parseJson(request, body, done);
  };
}
