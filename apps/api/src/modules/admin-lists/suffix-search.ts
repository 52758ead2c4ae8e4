import { type SQL, sql } from 'drizzle-orm';
import type { ListQuery } from '../../lib/jsonapi/query.ts';
import { offsetOf, type PageParts } from './list-sql.ts';

/**
 * The uncached list page of the commonest search, from the suffix tables of migration 0023
 * (docs/adr/0030-suffix-search-for-list-pages.md): a `like` filter is a case-insensitive "contains"
 * (list-sql: containsPattern; ilike lowercases both sides with lower()), and lower(text) contains
 * lower(term) exactly when one of its suffixes starts with it. Each suffix row carries the list's sort
 * key, so the matches, their exact total and the page come from one index-only scan without visiting
 * the heap: of the prefix index of migration 0024, in list order, for a term of three characters or more
 * sorted by the table's own sort key (orderedStatement), otherwise a range of it (matchingOf), sorted.
 * Only for the queries the tables can answer alone: one `like` filter on the title (projects, every
 * project in scope) or the name (active users), sorted by what the table holds; otherwise null and the
 * caller runs the general query (trigram index and recheck).
 */
export type SuffixSearch = {
  /**
   * Like projectPageQuery / userPageQuery: `paged`, the `id` and `total` (count(*) over ()) of one page in
   * list order; `all`, the matching ids, unordered (counted only for a page past the end). Or, for the
   * ordered search below, `ordered`: every match's id in list order, with the page's limit and offset
   * (list-sql: arrayPageSql). Built when asked: a named statement's text is built once, not on every request.
   */
  parts: () => PageParts;
  /**
   * Set when the statement's text is the same for every term and page (the ordered search below): its
   * name and parameters, and its parts over placeholders, so that it is sent named and planned once.
   */
  named?: {
    name: string;
    parts: () => PageParts;
    params: { term: string; limit: number; offset: number };
  };
};

type SuffixTable = {
  table: string;
  id: string;
  /** list sort field -> the table's column */
  sorts: Record<string, string>;
  /** the sort field whose column leads the prefix index (migration 0024), after left(suffix, 3) */
  indexed: string;
  field: string;
  /** statement names start with this */
  name: string;
};

const PROJECTS: SuffixTable = {
  table: 'project_title_suffixes',
  id: 'project_id',
  sorts: { created: 'created_at', id: 'project_id' },
  indexed: 'created',
  field: 'project.title',
  name: 'list_page_projects',
};
const USERS: SuffixTable = {
  table: 'user_name_suffixes',
  id: 'user_id',
  sorts: { name: 'name', id: 'user_id' },
  indexed: 'name',
  field: 'user.name',
  name: 'list_page_users',
};

/** The shortest term the prefix index answers by equality (its key is left(suffix, 3)). */
const PREFIX = 3;

function suffixSearch(t: SuffixTable, query: ListQuery): SuffixSearch | null {
  const [filter, ...more] = query.filters;
  if (!filter || more.length > 0 || filter.op !== 'like' || filter.field !== t.field || filter.value === '')
    return null;
  const [key, ...moreKeys] = query.sort;
  if (!key || moreKeys.length > 0) return null;
  const column = t.sorts[key.field];
  if (!column) return null;
  const search = { table: t, column, desc: key.desc };
  const term = sql`${filter.value}::text`;
  const limits = query.size === null ? null : { limit: query.size, offset: offsetOf(query.page, query.size) };
  // A term of three characters or more, in the order the prefix index keeps: one statement for every
  // such term and page, named, so PostgreSQL plans it once (planning cost as much as running it: ADR 0030).
  if (key.field === t.indexed && limits && [...filter.value].length >= PREFIX) {
    const placeholders = {
      term: sql`${sql.placeholder('term')}::text`,
      limit: sql`${sql.placeholder('limit')}::int`,
      offset: sql`${sql.placeholder('offset')}::int`,
    };
    return {
      parts: () =>
        orderedStatement(search, {
          term,
          limit: sql`${limits.limit}::int`,
          offset: sql`${limits.offset}::int`,
        }),
      named: {
        name: `${t.name}_${key.desc ? 'desc' : 'asc'}`,
        parts: () => orderedStatement(search, placeholders),
        params: { term: filter.value, ...limits },
      },
    };
  }
  // Otherwise planned with the term's value, in the same order as orderByOf: the key nulls last, then the
  // id in the key's direction. A title holding the term twice has two matching suffixes: DISTINCT ON
  // drops the second in the same sort that orders the page, and the window counts what is left.
  const matching = matchingOf(filter.value, sql`lower(${term})`);
  const direction = key.desc ? sql.raw('desc') : sql.raw('asc');
  const order = sql`sort_key ${direction} nulls last, id ${direction} nulls last`;
  const matches = sql`select distinct on (sort_key, id) ${sql.identifier(column)} as sort_key, ${sql.identifier(t.id)} as id
    from ${sql.identifier(t.table)} where ${matching} order by ${order}`;
  const ordered = sql`select id, count(*) over () as total from (${matches}) as m order by ${order}`;
  return {
    parts: () => ({
      paged: limits ? sql`${ordered} limit ${limits.limit} offset ${limits.offset}` : ordered,
      all: sql`select distinct ${sql.identifier(t.id)} from ${sql.identifier(t.table)} where ${matching}`,
    }),
  };
}

/**
 * The suffixes that start with the term (`lowered`: lower() of it), as the prefix index (migration 0024)
 * finds them: for a term of three characters or more (`value` null: a placeholder that is one), equality
 * on its first three and a check of the rest on the index's own copy of the suffix; for a shorter one, a
 * range of the first column (`^@` over a value is a b-tree range in the "C" collation).
 */
function matchingOf(value: string | null, lowered: SQL): SQL {
  const key = sql`left(suffix, ${sql.raw(String(PREFIX))})`;
  if (value !== null && [...value].length < PREFIX) return sql`${key} ^@ ${lowered}`;
  return sql`${key} = left(${lowered}, ${sql.raw(String(PREFIX))}) and starts_with(suffix, ${lowered})`;
}

/**
 * The search by the prefix index (left(suffix, 3), sort column, id) include (suffix): equality on the
 * term's first three characters gives the matches already in list order, so the page is a walk of the
 * index with no sort, and a title holding the term twice repeats (sort key, id) next to itself, which
 * DISTINCT ON drops as it streams. Written in the index's own null order (a backward scan reads
 * `desc nulls first`); the sort columns are NOT NULL, so it is the order orderByOf writes. The page is a
 * slice of the walk's ids and the total their number (list-sql: arrayPageSql), a page past the end too.
 */
function orderedStatement(
  s: { table: SuffixTable; column: string; desc: boolean },
  values: { term: SQL; limit: SQL; offset: SQL },
): PageParts {
  const { table: t } = s;
  // Each value through `(select …)` (the term lowered there, once, not for every row): the plans PostgreSQL makes with the values cost what the generic
  // plan costs, so it keeps the generic one after its five custom plans (docs/adr/0033-hot-statements.md)
  // instead of planning every request again.
  const v = {
    term: sql`(select lower(${values.term}))`,
    limit: sql`(select ${values.limit})`,
    offset: sql`(select ${values.offset})`,
  };
  const matching = matchingOf(null, v.term);
  const order = s.desc
    ? sql`sort_key desc nulls first, id desc nulls first`
    : sql`sort_key asc nulls last, id asc nulls last`;
  const matches = sql`select distinct on (sort_key, id) ${sql.identifier(s.column)} as sort_key, ${sql.identifier(t.id)} as id
    from ${sql.identifier(t.table)} where ${matching} order by ${order}`;
  return { ordered: matches, limit: v.limit, offset: v.offset };
}

/** GET /project/search with one title filter, every project in scope, sorted by created or id. */
export const projectSuffixSearch = (query: ListQuery, allInScope: boolean) =>
  allInScope ? suffixSearch(PROJECTS, query) : null;

/** GET /user/search with one name filter, sorted by name or id. */
export const userSuffixSearch = (query: ListQuery) => suffixSearch(USERS, query);
