import type { AnswerData, AnswerOperation } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type QueryParams, read } from './api-client.ts';

/** A choice of a select: the record's id as the value, its title as the label. */
export type Option = { value: string; label: string };

/** Lookup rows as select options. */
export const toOptions = (rows: ReadonlyArray<{ id: string; title: string }> | null | undefined): Option[] =>
  (rows ?? []).map((row) => ({ value: String(row.id), label: row.title }));

/** The contract's list operations whose rows carry a title: lookups, and lists read whole for a select. */
type LookupOperation = {
  [K in AnswerOperation]: K extends `GET /api/${string}`
    ? K extends `${string}{${string}`
      ? never
      : AnswerData<K> extends ReadonlyArray<{ title: string }>
        ? K
        : never
    : never;
}[AnswerOperation];
/** '/company-size/search', '/timezone', '/team/search', ... */
export type LookupPath = LookupOperation extends `GET /api${infer Path}` ? Path : never;
export type LookupRows<P extends LookupPath> = AnswerData<Extract<LookupOperation, `GET /api${P}`>>;

/**
 * The rows of a lookup (or of a list read whole for a select). A failed lookup is an empty set, with no
 * toast, so the form still works without that select (docs/product.md §A8).
 */
export async function lookupRows<P extends LookupPath>(
  path: P,
  params: QueryParams = {},
): Promise<LookupRows<P>> {
  try {
    const operation = `GET /api${path}` as LookupOperation;
    const { data } = await read(operation, { params, suppressErrorToast: true });
    // The operation is the one the path names; TypeScript cannot follow a generic template literal.
    return data as unknown as LookupRows<P>;
  } catch {
    return [] as unknown as LookupRows<P>;
  }
}

/** The options of `GET path?params`, cached for five minutes under one key per path and query. */
export const lookupOptionsQuery = (path: LookupPath, params: QueryParams = {}) =>
  queryOptions({
    queryKey: ['lookup-options', path, params],
    queryFn: async () => toOptions(await lookupRows(path, params)),
    staleTime: 5 * 60_000,
  });

/** The one hook for every select fed by a lookup: its options, or none while loading or after a failure. */
export function useLookupOptions(path: LookupPath, params?: QueryParams): Option[] {
  return useQuery(lookupOptionsQuery(path, params)).data ?? [];
}
