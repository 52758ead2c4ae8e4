import type { Resource } from '../../lib/jsonapi/document.ts';

/** A lookup row (id and title) as an included resource of the given wire type. */
export function presentLookup(type: string, id: number | null, title: string | null): Resource | null {
  if (id === null || title === null) return null;
  return { type, id: String(id), attributes: { title } };
}
