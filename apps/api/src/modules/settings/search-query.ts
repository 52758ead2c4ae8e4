import { AppError } from '../../lib/app-error.ts';

const bad = (title: string, parameter: string) => new AppError('bad_request', { title, parameter });

/**
 * The setting name asked for: `filter[name]=x` (docs/product.md §A7) or the list form `filter[0][0]==&filter[0][1]=name
 * &filter[0][2]=x`. Null means no filter. Any other filter is a 400.
 */
export function settingNameFilter(raw: Record<string, unknown>): string | null {
  const filter = raw.filter;
  if (filter === undefined) return null;
  if (typeof filter !== 'object' || filter === null) throw bad('Invalid filter', 'filter');
  let name: string | null = null;
  for (const [key, entry] of Object.entries(filter as Record<string, unknown>)) {
    let value: unknown;
    if (key === 'name') value = entry;
    else if (/^\d+$/.test(key) && typeof entry === 'object' && entry !== null) {
      const t = entry as Record<string, unknown>;
      if (t['0'] !== '=') throw bad('Unknown filter operator', `filter[${key}][0]`);
      if (t['1'] !== 'name')
        throw bad(`Filtering by '${String(t['1'])}' is not allowed`, `filter[${key}][1]`);
      value = t['2'];
    } else throw bad(`Filtering by '${key}' is not allowed`, `filter[${key}]`);
    if (typeof value !== 'string' || value.length > 200) throw bad('Invalid filter value', `filter[${key}]`);
    name = value;
  }
  return name;
}
