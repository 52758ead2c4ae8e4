import { parseId } from '@dd/domain';
import { type AnyColumn, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { namedStatement, parseWithDates } from '../../db/prepared.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Filter, SortKey } from '../../lib/jsonapi/query.ts';
import type { presentableUserColumns } from '../users/user-presenter.ts';

/** `like` in the product's filters means a case-insensitive "contains"; % and _ typed by a user are literal. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const ilikeContains = (column: AnyColumn | SQL, value: string): SQL =>
  sql`${column} ilike ${containsPattern(value)} escape '\\'`;

const bad = (title: string, index: number) =>
  new AppError('bad_request', { title, parameter: `filter[${index}][2]` });

/** An id filter value, read by the one id parser (parseId), otherwise 400 (never a SQL error). */
export function idValue(filter: Filter, index: number): number {
  const id = parseId(filter.value);
  if (id === null) throw bad('Invalid id', index);
  return id;
}

/** A created-date filter value: 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss' or an ISO instant, otherwise 400. */
export function dateValue(filter: Filter, index: number): Date {
  const raw = filter.value.trim();
  if (!/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(raw))
    throw bad('Invalid date', index);
  const date = new Date(raw.includes(' ') ? raw.replace(' ', 'T') : raw);
  if (Number.isNaN(date.getTime())) throw bad('Invalid date', index);
  return date;
}

/** The spec's created-from / created-to filters: `>=` or `<=` on a timestamp column. */
export function dateBound(column: AnyColumn, filter: Filter, index: number): SQL {
  const value = dateValue(filter, index);
  return filter.op === '>=' ? sql`${column} >= ${value}` : sql`${column} <= ${value}`;
}

/** Sort keys to ORDER BY terms through an allow-listed column map, with the id as a stable tie-break. */
export function orderByOf(
  sort: SortKey[],
  columns: Record<string, AnyColumn | SQL>,
  idColumn: AnyColumn,
): SQL[] {
  const terms = sort.map(({ field, desc: descending }) => {
    const column = columns[field];
    if (!column)
      throw new AppError('bad_request', { title: `Sorting by '${field}' is not allowed`, parameter: 'sort' });
    return descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  });
  // The tie-break follows the last key's direction, nulls last like every key (ids are never null), so
  // that `-created` reads (created_at desc nulls last, id desc nulls last): exactly projects_created_idx.
  const last = sort[sort.length - 1];
  if (!sort.some((s) => s.field === 'id'))
    terms.push(last?.desc ? sql`${idColumn} desc nulls last` : sql`${idColumn} asc nulls last`);
  return terms;
}

export const offsetOf = (page: number, size: number | null) => (size === null ? 0 : (page - 1) * size);

/** The columns presentUser needs as one JSON object, for `users` or an alias of it (see userRowsOf). */
export const userJson = (t: Record<keyof typeof presentableUserColumns, AnyColumn>): SQL =>
  sql`json_build_object('id', ${t.id}, 'name', ${t.name}, 'login', ${t.login}, 'email', ${t.email}, 'phone', ${t.phone}, 'avatar', ${t.avatar}, 'role', ${t.role}, 'timezone', ${t.timezone}, 'helpNeeded', ${t.helpNeeded}, 'companyId', ${t.companyId}, 'createdAt', ${t.createdAt})`;

/** A list of ids as ONE array parameter (`= any(...)`), not one parameter per id. */
export const idArray = (ids: number[]): SQL => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * The rows of a query that selects ONE text column `rows` holding a JSON array (json_agg). The embedded
 * database decodes each row of an answer separately, so 120 rows with their clients as one JSON value
 * cost it a fraction of 120 rows (and 160 more for the clients). `createdAt` values come back as Dates.
 */
export async function jsonRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: Array<{ rows: string | null }> };
  return parseJsonRows<T>(result.rows[0]?.rows);
}

/** A `json_agg` text value back to rows; `createdAt` values become Dates. */
const CREATED_AT = new Set(['createdAt']);
export const parseJsonRows = <T>(text: string | null | undefined): T[] =>
  text ? parseWithDates<T[]>(text, CREATED_AT) : [];

/** The name under which onePage's statement offers the page's ids to `rowsOf` (`select id from list_page`). */
export const PAGE_IDS = sql`select id from list_page`;

/**
 * ONE page of a list with the exact total of its filter, in ONE statement: what a request reads when
 * nothing is cached (LIST_CACHE=off). `paged` selects `id` and `total` (`count(*) over ()`, counted over
 * every matching row before the limit) in list order with the page's limit/offset; `all` is the same
 * query without the limit, counted only when the page is empty (a page past the end carries no total);
 * `rowsOf(PAGE_IDS)` is the page's rows as one json_agg text value. The page is read once (a CTE
 * referenced three times is materialized) and its ids come back in list order as one string, like the
 * cached path's ordered ids (docs/adr/0014-uncached-list-pages.md).
 */
export const onePageSql = (paged: SQLWrapper, all: SQLWrapper, rowsOf: (pageIds: SQL) => SQL): SQL =>
  sql`with list_page as (${paged})
    select (select string_agg(id::text, ',') from list_page) as ids,
      coalesce((select max(total) from list_page), (select count(*) from (${all}) as matching))::int as total,
      (${rowsOf(PAGE_IDS)}) as rows`;

/** arrayPageSql's name for the page's ids, as `rowsOf` reads them (`select unnest(page_ids) from list_page`). */
const ARRAY_PAGE_IDS = sql`select unnest(page_ids) from list_page`;

/**
 * onePageSql for matches that one walk of an index yields already in list order, each once
 * (suffix-search.ts: orderedStatement; `ordered` selects their `id`s). They are gathered into one array as
 * they stream, the page is a slice of it and the total its length. array_agg takes its input in the order
 * the walk's Unique yields it: nothing between them reorders rows (the plan test checks the plan), and
 * the ids it returns are compared with ilike's order in suffix-search.test.ts. onePageSql's window count
 * kept every match in a store before the first row came out: 0.77 against 0.59 ms for the page and total
 * of 2,004 matches (docs/adr/0030 amendment of 28 Nov 2026).
 */
export const arrayPageSql = (
  ordered: SQLWrapper,
  limit: SQL,
  offset: SQL,
  rowsOf: (pageIds: SQL) => SQL,
): SQL =>
  sql`with list_page as (select ids[${offset} + 1 : ${offset} + ${limit}] as page_ids, coalesce(cardinality(ids), 0) as total
      from (select array_agg(id) as ids from (${ordered}) as m) as matches)
    select (select array_to_string(page_ids, ',') from list_page) as ids,
      (select total from list_page)::int as total,
      (${rowsOf(ARRAY_PAGE_IDS)}) as rows`;

/** A search's statement parts: a page and its total by onePageSql, or matches in list order by arrayPageSql. */
export type PageParts =
  | { paged: SQLWrapper; all: SQLWrapper }
  | { ordered: SQLWrapper; limit: SQL; offset: SQL };
type Parts = () => PageParts;

/**
 * An uncached page's statement: `sql()` with its values (what EXPLAIN reads), and, when its text is the
 * same for every value, the name and parameters it runs under instead (`build`: the text over placeholders).
 */
export type PageStatement = {
  sql: () => SQL;
  named?: { name: string; params: Record<string, unknown>; build: () => SQL };
};

/** onePageSql of a search, named when the search says it can be (suffix-search.ts). */
export function pageStatement(
  search: { parts: Parts; named?: { name: string; params: Record<string, unknown>; parts: Parts } },
  rowsOf: (pageIds: SQL) => SQL,
): PageStatement {
  const statement = (parts: Parts) => () => {
    const p = parts();
    return 'ordered' in p
      ? arrayPageSql(p.ordered, p.limit, p.offset, rowsOf)
      : onePageSql(p.paged, p.all, rowsOf);
  };
  const { named } = search;
  return {
    sql: statement(search.parts),
    named: named && { name: named.name, params: named.params, build: statement(named.parts) },
  };
}

type PageRow = { ids: string | null; total: number; rows: string | null };

/** Runs a page statement, by its name when it has one: the page's ids in list order, the total, the rows. */
export async function onePage<T>(
  db: Db,
  statement: PageStatement,
): Promise<{ ids: number[]; total: number; rows: T[] }> {
  const { named } = statement;
  const rows = named
    ? await namedStatement<PageRow>(named.name, named.build)(db, named.params)
    : ((await db.execute(statement.sql())) as unknown as { rows: PageRow[] }).rows;
  const row = rows[0];
  return {
    ids: row?.ids ? row.ids.split(',').map(Number) : [],
    total: Number(row?.total ?? 0),
    rows: parseJsonRows<T>(row?.rows),
  };
}
