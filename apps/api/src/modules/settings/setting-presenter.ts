import type { settings } from '../../db/schema/index.ts';
import type { Resource } from '../../lib/jsonapi/document.ts';

/** The wire form of a setting (docs/product.md §A3: id, name, value). */
export function presentSetting(row: typeof settings.$inferSelect): Resource {
  return { type: 'setting', id: String(row.id), attributes: { name: row.name, value: row.value } };
}
