import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Resource } from '../../../lib/api-client.ts';
import { useTechOptions } from '../../../lib/tech-options.ts';

export type Option = { value: string; label: string };

/** A failed lookup is an empty set (admin §8), so the form still works without that select. */
async function quietly<T>(load: () => Promise<T>, empty: T): Promise<T> {
  try {
    return await load();
  } catch {
    return empty;
  }
}

const options = (rows: Resource[]) =>
  rows.map((r) => ({ value: String(r.id), label: String(r.title ?? '') }));

/** GET /api/company/search?page[size]=0&sort=title: every company for the Client company select. */
export const companyOptionsQuery = () =>
  queryOptions({
    queryKey: ['users', 'options', 'company'],
    queryFn: () =>
      quietly(async () => {
        const { data } = await api.get<Resource[]>('/company/search', {
          params: { sort: 'title', page: { size: 0 } },
          suppressErrorToast: true,
        });
        return options(data);
      }, [] as Option[]),
  });

/** GET /api/team/search?page[size]=0&sort=title: every team for the {product} multi-select. */
export const teamOptionsQuery = () =>
  queryOptions({
    queryKey: ['users', 'options', 'team'],
    queryFn: () =>
      quietly(async () => {
        const { data } = await api.get<Resource[]>('/team/search', {
          params: { sort: 'title', page: { size: 0 } },
          suppressErrorToast: true,
        });
        return options(data);
      }, [] as Option[]),
  });

/** GET /api/timezone/search: zone names for the Time zone select. */
export const timezoneOptionsQuery = () =>
  queryOptions({
    queryKey: ['lookup', 'timezone-titles'],
    staleTime: 60 * 60_000,
    queryFn: () =>
      quietly(async () => {
        const { data } = await api.get<Resource[]>('/timezone/search', { suppressErrorToast: true });
        return data.map((r) => String(r.title ?? '')).filter(Boolean);
      }, [] as string[]),
  });

export function useUserFormOptions() {
  return {
    companies: useQuery(companyOptionsQuery()).data ?? [],
    teams: useQuery(teamOptionsQuery()).data ?? [],
    techGroups: useTechOptions(),
    timezones: useQuery(timezoneOptionsQuery()).data ?? [],
  };
}
