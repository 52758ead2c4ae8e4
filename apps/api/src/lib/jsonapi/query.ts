import { type Actor, mayReadField } from '@dd/domain';
import { AppError } from '../app-error.ts';

export type FilterOperator = 'like' | '=' | '>=' | '<=';
export type Filter = { op: FilterOperator; field: string; value: string };
export type SortKey = { field: string; desc: boolean };

export type ListQuery = {
  page: number;
  /** null means unlimited (the product's page[size]=null or 0). */
  size: number | null;
  sort: SortKey[];
  filters: Filter[];
  include: string[];
};

export type ListRules = {
  /** filter field -> operators allowed on it */
  filters: Record<string, readonly string[]>;
  sorts: readonly string[];
  includes: readonly string[];
  defaultSort: string;
  defaultSize?: number;
  allowUnlimited?: boolean;
};

const OPERATORS = new Set(['like', '=', '>=', '<=']);
const MAX_PAGE_SIZE = 100;

const bad = (title: string, parameter: string) => new AppError('bad_request', { title, parameter });

/**
 * Reads `page[page]`, `page[size]`, `sort`, `include` and `filter[i][0..2]` from a parsed query object.
 * `viewer`: who asks; a filter or sort on a field they may not read (packages/domain field-visibility.ts,
 * the presenters' rule) is refused like an unknown field, so no total or order answers a guess.
 */
export function parseListQuery(raw: Record<string, unknown>, rules: ListRules, viewer: Actor): ListQuery {
  const pageObj = (raw.page ?? {}) as Record<string, unknown>;
  const pageRaw = typeof pageObj === 'object' ? pageObj.page : undefined;
  const sizeRaw = typeof pageObj === 'object' ? pageObj.size : undefined;

  const page = pageRaw === undefined || pageRaw === '' ? 1 : Number(pageRaw);
  if (!Number.isInteger(page) || page < 1 || page > 1_000_000) throw bad('Invalid page number', 'page[page]');

  let size: number | null = rules.defaultSize ?? 15;
  if (sizeRaw !== undefined && sizeRaw !== '') {
    if (sizeRaw === 'null' || sizeRaw === '0') {
      if (!rules.allowUnlimited) throw bad('This list is paged', 'page[size]');
      size = null;
    } else {
      const n = Number(sizeRaw);
      if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE_SIZE) throw bad('Invalid page size', 'page[size]');
      size = n;
    }
  }

  const sortRaw = typeof raw.sort === 'string' && raw.sort !== '' ? raw.sort : rules.defaultSort;
  const sort = sortRaw.split(',').map((part) => {
    const desc = part.startsWith('-');
    const field = desc ? part.slice(1) : part;
    if (!rules.sorts.includes(field) || !mayReadField(viewer, field))
      throw bad(`Sorting by '${field}' is not allowed`, 'sort');
    return { field, desc };
  });

  const include =
    typeof raw.include === 'string' && raw.include !== ''
      ? raw.include.split(',').map((name) => {
          if (!rules.includes.includes(name)) throw bad(`Include '${name}' is not allowed`, 'include');
          return name;
        })
      : [];

  const filters: Filter[] = [];
  const filterRaw = raw.filter;
  if (filterRaw !== undefined) {
    if (typeof filterRaw !== 'object' || filterRaw === null) throw bad('Invalid filter', 'filter');
    for (const [key, triple] of Object.entries(filterRaw as Record<string, unknown>)) {
      if (!/^\d+$/.test(key) || typeof triple !== 'object' || triple === null)
        throw bad('Invalid filter', `filter[${key}]`);
      const t = triple as Record<string, unknown>;
      const [op, field, value] = [t['0'], t['1'], t['2']];
      if (typeof op !== 'string' || !OPERATORS.has(op))
        throw bad('Unknown filter operator', `filter[${key}][0]`);
      if (typeof field !== 'string' || !(field in rules.filters) || !mayReadField(viewer, field))
        throw bad(`Filtering by '${String(field)}' is not allowed`, `filter[${key}][1]`);
      if (!rules.filters[field]?.includes(op))
        throw bad(`Operator '${op}' is not allowed on '${field}'`, `filter[${key}][0]`);
      if (typeof value !== 'string' || value.length > 200)
        throw bad('Invalid filter value', `filter[${key}][2]`);
      filters.push({ op: op as FilterOperator, field, value });
    }
  }
  return { page, size, sort, filters, include };
}

/** A refused project id, quoted and cut short (the caller's own input, echoed in JSON only). */
export const invalidProjectId = (value: unknown) => {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return `Invalid project id '${text.length > 24 ? `${text.slice(0, 24)}…` : text}'`;
};

export function pageCount(total: number, size: number | null): number {
  if (size === null) return total > 0 ? 1 : 0;
  return Math.ceil(total / size);
}
