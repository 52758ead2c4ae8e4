import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type CompilerInput = { schema: unknown; method: string; url: string; httpStatus?: string };

/** The JSON schema of a zod response schema, as fast-json-stringify reads it. */
export function responseJsonSchema(schema: z.ZodType) {
  return z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
}

/**
 * Serializes answers with fast-json-stringify, compiled from each route's zod response schema: faster
 * than JSON.stringify, and only the fields the schema lists can leave. With `check` (tests), every answer
 * is also compared with plain JSON.stringify: a field the schema would drop or change, or an `id` inside
 * `attributes`, fails the request, so the schemas cannot drift from the presenters unnoticed.
 */
export function buildSerializerCompiler({ check }: { check: boolean }) {
  return ({ schema, method, url, httpStatus }: CompilerInput) => {
    const stringify = fastJson(responseJsonSchema(schema as z.ZodType) as Parameters<typeof fastJson>[0]);
    if (!check) return (data: unknown) => stringify(data);
    return (data: unknown) => {
      const out = stringify(data);
      const plain = JSON.parse(JSON.stringify(data) ?? 'null');
      const where = `${method} ${url} ${httpStatus ?? ''}`;
      if (!isDeepStrictEqual(JSON.parse(out), plain))
        throw new Error(`Response schema of ${where} does not describe the answer: ${firstDifference(plain, JSON.parse(out))}`);
      const idInAttributes = resourcesOf(plain).find((r) => r.attributes && 'id' in r.attributes);
      if (idInAttributes) throw new Error(`${where}: '${idInAttributes.type}' carries id inside attributes`);
      return out;
    };
  };
}

type Loose = { type?: string; attributes?: Record<string, unknown> };
function resourcesOf(doc: unknown): Loose[] {
  if (!doc || typeof doc !== 'object') return [];
  const { data, included } = doc as { data?: unknown; included?: unknown };
  const list = [...(Array.isArray(data) ? data : data ? [data] : []), ...(Array.isArray(included) ? included : [])];
  return list.filter((r): r is Loose => typeof r === 'object' && r !== null);
}

function firstDifference(expected: unknown, actual: unknown, path = ''): string {
  if (isDeepStrictEqual(expected, actual)) return '';
  if (expected && actual && typeof expected === 'object' && typeof actual === 'object') {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const key of keys) {
      const found = firstDifference(
        (expected as Record<string, unknown>)[key],
        (actual as Record<string, unknown>)[key],
        `${path}/${key}`,
      );
      if (found) return found;
    }
  }
  return `${path || '/'}: sent ${JSON.stringify(expected)?.slice(0, 120)}, schema gives ${JSON.stringify(actual)?.slice(0, 120)}`;
}
