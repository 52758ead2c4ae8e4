import { z } from 'zod';
import { ERROR_CODES } from '../error-codes.ts';

/**
 * The JSON:API 1.0 envelope every answer of the API uses, as zod schemas. The API serializes its answers
 * with them (Fastify `response` schemas) and documents them in OpenAPI; the web app takes its types
 * from them. Resource-specific attribute schemas live beside them (project.ts, ...).
 */

export const resourceIdentifierSchema = z.object({ type: z.string(), id: z.string() });
export type ResourceIdentifier = z.infer<typeof resourceIdentifierSchema>;

export const relationshipSchema = z.object({
  data: z.union([z.null(), resourceIdentifierSchema, z.array(resourceIdentifierSchema)]),
});

export const metaSchema = z.record(z.string(), z.unknown());

/** Attributes of a resource whose fields are not described one by one (yet): any JSON object. */
export const openAttributesSchema = z.record(z.string(), z.unknown());

/** A resource object: `id` and `type` beside `attributes`, never inside them (JSON:API 1.0 §7.2). */
export function resourceSchema<A extends z.ZodType>(type: string | null, attributes: A) {
  return z.object({
    type: type === null ? z.string() : z.literal(type),
    id: z.string(),
    attributes,
    relationships: z.record(z.string(), relationshipSchema).optional(),
    meta: metaSchema.optional(),
  });
}

/** Any resource; JSON:API lets a resource leave `attributes` out. */
export const anyResourceSchema = resourceSchema(null, openAttributesSchema.optional());
export type AnyResource = z.infer<typeof anyResourceSchema>;

/**
 * A top-level document with `data` and `meta`, and, where the operation includes related resources,
 * the `included` ones (their schema given: a union of the resources an `include` may add).
 */
export function documentSchema<D extends z.ZodType, I extends z.ZodType = z.ZodNever>(data: D, included?: I) {
  return z.object({
    data,
    ...(included ? { included: z.array(included).optional() } : {}),
    meta: metaSchema.optional(),
  }) as z.ZodObject<{
    data: D;
    included: z.ZodOptional<z.ZodArray<I>>;
    meta: z.ZodOptional<typeof metaSchema>;
  }>;
}

/** One resource (or none). */
export const resourceDocumentSchema = documentSchema(
  z.union([z.null(), anyResourceSchema]),
  anyResourceSchema,
);
/** A list of resources; list answers carry paging figures in `meta`. */
export const collectionDocumentSchema = documentSchema(z.array(anyResourceSchema), anyResourceSchema);
/** One resource, none or a list: for answers not (yet) described more closely. */
export const anyDocumentSchema = documentSchema(
  z.union([z.null(), z.array(anyResourceSchema), anyResourceSchema]),
  anyResourceSchema,
);
/** An answer that only confirms, with `data: null` and figures in `meta`. */
export const metaDocumentSchema = z.object({ data: z.null(), meta: metaSchema.optional() });

/** 204 No Content. */
export const noContentSchema = z.null();

/** The JSON:API error document every 4xx/5xx answer carries. */
export const errorObjectSchema = z.object({
  status: z.string(),
  /** Stable (packages/domain/src/error-codes.ts): screens decide on it, never on the title. */
  code: z.enum(ERROR_CODES),
  title: z.string(),
  source: z.object({ pointer: z.string().optional(), parameter: z.string().optional() }).optional(),
});
export const errorDocumentSchema = z.object({ errors: z.array(errorObjectSchema) });
export type ErrorDocument = z.infer<typeof errorDocumentSchema>;

/** JSON:API attribute names are kebab-case; the web client reads them camelCased. */
export type KebabToCamel<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<KebabToCamel<Tail>>}`
  : S;
export type CamelKeys<T> = { [K in keyof T as K extends string ? KebabToCamel<K> : K]: T[K] };

/** A related resource the answer did not include: the web client keeps it as an `{ id, type }` stub. */
export type ResourceStub = { id: string; type: string };

/**
 * A resource as the web client's deserializer hands it over: camelCased attributes beside `id` and
 * `type`, and each relationship (given in `Relations`) resolved to the included resource or a stub.
 */
export type Flattened<
  R extends { type: string; attributes: object },
  Relations extends Record<string, unknown> = Record<never, never>,
> = { id: string; type: R['type'] } & CamelKeys<R['attributes']> & Relations;
