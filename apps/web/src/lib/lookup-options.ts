import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryParams, type Resource } from './api-client.ts';

/** A choice of a select: the record's id as the value, its title as the label. */
export type Option = { value: string; label: string };

/** Lookup rows as select options. */
export const toOptions = (rows: readonly Resource[] | null | undefined): Option[] =>
  (rows ?? []).map((row) => ({
    value: String(row.id),
    label: typeof row.title === 'string' ? row.title : '',
  }));

/**
 * The rows of a lookup (or of a list read whole for a select). A failed lookup is an empty set, with no
 * toast, so the form still works without that select (docs/product.md §A8).
 */
export async function lookupRows(path: string, params: QueryParams = {}): Promise<Resource[]> {
  try {
    const { data } = await api.get<Resource[]>(path, { params, suppressErrorToast: true });
    return data ?? [];
  } catch {
    return [];
  }
}

/** The options of `GET path?params`, cached for five minutes under one key per path and query. */
export const lookupOptionsQuery = (path: string, params: QueryParams = {}) =>
  queryOptions({
    queryKey: ['lookup-options', path, params],
    queryFn: async () => toOptions(await lookupRows(path, params)),
    staleTime: 5 * 60_000,
  });

/** The one hook for every select fed by a lookup: its options, or none while loading or after a failure. */
export function useLookupOptions(path: string, params?: QueryParams): Option[] {
  return useQuery(lookupOptionsQuery(path, params)).data ?? [];
}
