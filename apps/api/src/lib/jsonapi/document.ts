/** JSON:API resource objects. Presenters build these; nothing else goes on the wire. */

export const JSON_API = 'application/vnd.api+json';

export type ResourceIdentifier = { type: string; id: string };
export type Resource = {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: ResourceIdentifier | ResourceIdentifier[] | null }>;
};

export type Document = {
  data: Resource | Resource[] | null;
  included?: Resource[];
  meta?: Record<string, unknown>;
};

export const ref = (type: string, id: number | string | null | undefined): ResourceIdentifier | null =>
  id === null || id === undefined ? null : { type, id: String(id) };

export const refs = (type: string, ids: Array<number | string>): ResourceIdentifier[] =>
  ids.map((id) => ({ type, id: String(id) }));

/** Collects included resources once each, in first-seen order. */
export class Included {
  private readonly seen = new Map<string, Resource>();
  add(resource: Resource | null | undefined) {
    if (resource) this.seen.set(`${resource.type}:${resource.id}`, resource);
  }
  addAll(resources: Array<Resource | null | undefined>) {
    for (const r of resources) this.add(r);
  }
  list(): Resource[] {
    return [...this.seen.values()];
  }
}

/**
 * A presenter's document handed to a route whose `response` schema describes it field by field: typed
 * as the schema says. The presenters build plain `Resource`s; in tests the serializer compares every
 * answer with its schema (lib/jsonapi/serializer.ts), so this typing is checked at run time.
 */
export function asDocument<S extends { _zod: { output: unknown } }>(
  _schema: S,
  document: Document,
): S['_zod']['output'] {
  return document as S['_zod']['output'];
}

export function documentOf(
  data: Resource | Resource[] | null,
  included?: Included,
  meta?: Record<string, unknown>,
): Document {
  const doc: Document = { data };
  if (included) doc.included = included.list();
  if (meta) doc.meta = meta;
  return doc;
}
