import { isDeepStrictEqual } from 'node:util';
import {
  anyDocumentSchema,
  collectionDocumentSchema,
  metaDocumentSchema,
  resourceDocumentSchema,
} from '@dd/domain';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';

/**
 * Documents not (yet) described field by field: fast-json-stringify would write every attribute through
 * its generic path, slower than JSON.stringify on Node 20, and has nothing to leave out, so these are
 * written with JSON.stringify (measured in docs/adr/0009-openapi-and-non-jsonapi-shapes.md).
 */
const GENERIC = new Set<unknown>([
  anyDocumentSchema,
  collectionDocumentSchema,
  resourceDocumentSchema,
  metaDocumentSchema,
]);

type CompilerInput = { schema: unknown; method: string; url: string; httpStatus?: string };

/** The JSON schema of a zod response schema, as fast-json-stringify reads it. */
export function responseJsonSchema(schema: z.ZodType) {
  return forSpeed(z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }));
}

type Json = Record<string, unknown>;
const SIMPLE = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/**
 * fast-json-stringify decides each `anyOf` by running a validator on the value, which costs more than
 * the serialization saves. A union of plain types becomes a type list (`['string', 'null']`); any other
 * union (a relationship's `data`: null, one identifier or a list) is written as it is, with
 * JSON.stringify. The OpenAPI document keeps the full schemas.
 */
function forSpeed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forSpeed);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) out[key] = forSpeed(value);
  // A record (attributes not described field by field, relationships, meta) is written as it is too.
  if (out.type === 'object' && !out.properties && out.additionalProperties !== false) return {};
  const union = (out.anyOf ?? out.oneOf) as Json[] | undefined;
  if (!union) return out;
  const { anyOf: _a, oneOf: _o, ...rest } = out;
  const plain = union.every((b) => Object.keys(b).length === 1 && SIMPLE.has(b.type as string));
  return plain ? { ...rest, type: union.map((b) => b.type) } : rest;
}

/**
 * Serializes answers with fast-json-stringify, compiled from each route's zod response schema: faster
 * than JSON.stringify, and only the fields the schema lists can leave. With `check` (tests), every answer
 * is also compared with plain JSON.stringify: a field the schema would drop or change, or an `id` inside
 * `attributes`, fails the request, so the schemas cannot drift from the presenters unnoticed.
 */
export function buildSerializerCompiler({ check }: { check: boolean }) {
  return ({ schema, method, url, httpStatus }: CompilerInput) => {
    const stringify = GENERIC.has(schema)
      ? (data: unknown) => JSON.stringify(data)
      : fastJson(responseJsonSchema(schema as z.ZodType) as Parameters<typeof fastJson>[0]);
    if (!check) return (data: unknown) => stringify(data);
    return (data: unknown) => {
      const out = stringify(data);
      const plain = JSON.parse(JSON.stringify(data) ?? 'null');
      const where = `${method} ${url} ${httpStatus ?? ''}`;
      if (!isDeepStrictEqual(JSON.parse(out), plain))
        throw new Error(
          `Response schema of ${where} does not describe the answer: ${firstDifference(plain, JSON.parse(out))}`,
        );
      // Parts written as they are (unions such as `included`, free-form records) are not compared
      // above; the answer must still parse as the schema says (types, required fields, literals).
      if (!GENERIC.has(schema)) {
        const parsed = (schema as z.ZodType).safeParse(plain);
        if (!parsed.success)
          throw new Error(
            `Response schema of ${where} does not describe the answer: ${parsed.error.issues
              .slice(0, 3)
              .map((i) => `${i.path.join('/')}: ${i.message}`)
              .join('; ')}`,
          );
      }
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
  const list = [
    ...(Array.isArray(data) ? data : data ? [data] : []),
    ...(Array.isArray(included) ? included : []),
  ];
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
