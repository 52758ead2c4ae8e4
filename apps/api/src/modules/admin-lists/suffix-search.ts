import { type SQL, sql } from 'drizzle-orm';
import type { ListQuery } from '../../lib/jsonapi/query.ts';
import { offsetOf } from './list-sql.ts';

/**
 * The uncached list page of the commonest search, from the suffix tables of migration 0023
 * (docs/adr/0030-suffix-search-for-list-pages.md): a `like` filter is a case-insensitive "contains"
 * (list-sql: containsPattern; ilike lowercases both sides with lower()), and lower(text) contains
 * lower(term) exactly when one of its suffixes starts with it. Each suffix row carries the list's sort
 * key, so the matches, their exact total and the page come from one index-only range scan
 * (`suffix ^@ lower(term)`, a b-tree range in the "C" collation) without visiting the heap.
 * Only for the queries the tables can answer alone: one `like` filter on the title (projects, every
 * project in scope) or the name (active users), sorted by what the table holds; otherwise null and the
 * caller runs the general query (trigram index and recheck).
 */
export type SuffixSearch = {
  /** Like projectPageQuery / userPageQuery: `id` and `total` (count(*) over ()) of one page in list order. */
  paged: SQL;
  /** The matching ids, unordered (counted only for a page past the end). */
  all: SQL;
};

type SuffixTable = {
  table: string;
  id: string;
  /** list sort field -> the table's column */
  sorts: Record<string, string>;
  field: string;
};

const PROJECTS: SuffixTable = {
  table: 'project_title_suffixes',
  id: 'project_id',
  sorts: { created: 'created_at', id: 'project_id' },
  field: 'project.title',
};
const USERS: SuffixTable = {
  table: 'user_name_suffixes',
  id: 'user_id',
  sorts: { name: 'name', id: 'user_id' },
  field: 'user.name',
};

function suffixSearch(t: SuffixTable, query: ListQuery): SuffixSearch | null {
  const [filter, ...more] = query.filters;
  if (!filter || more.length > 0 || filter.op !== 'like' || filter.field !== t.field || filter.value === '')
    return null;
  const [key, ...moreKeys] = query.sort;
  if (!key || moreKeys.length > 0) return null;
  const column = t.sorts[key.field];
  if (!column) return null;
  // The same order as orderByOf: the key nulls last, then the id in the key's direction. A title
  // holding the term twice has two matching suffixes: DISTINCT ON drops the second in the same sort
  // that orders the page (one sort, no hash aggregate), and the window counts what is left.
  const direction = key.desc ? sql.raw('desc') : sql.raw('asc');
  const order = sql`sort_key ${direction} nulls last, id ${direction} nulls last`;
  const matches = sql`select distinct on (sort_key, id) ${sql.identifier(column)} as sort_key, ${sql.identifier(t.id)} as id
    from ${sql.identifier(t.table)} where suffix ^@ lower(${filter.value}::text) order by ${order}`;
  const ordered = sql`select id, count(*) over () as total from (${matches}) as m order by ${order}`;
  return {
    paged:
      query.size === null
        ? ordered
        : sql`${ordered} limit ${query.size} offset ${offsetOf(query.page, query.size)}`,
    all: sql`select distinct ${sql.identifier(t.id)} from ${sql.identifier(t.table)} where suffix ^@ lower(${filter.value}::text)`,
  };
}

/** GET /project/search with one title filter, every project in scope, sorted by created or id. */
export const projectSuffixSearch = (query: ListQuery, allInScope: boolean) =>
  allInScope ? suffixSearch(PROJECTS, query) : null;

/** GET /user/search with one name filter, sorted by name or id. */
export const userSuffixSearch = (query: ListQuery) => suffixSearch(USERS, query);
