import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Resource } from '../../../lib/api-client.ts';

export type WizardLookup = 'project-state' | 'project-budget' | 'company-size' | 'project-type';
export type Choice = { id: number; title: string };

function toChoices(rows: Resource[] | null): Choice[] {
  return (rows ?? [])
    .map((row) => ({ id: Number(row.id), title: typeof row.title === 'string' ? row.title : '' }))
    .filter((choice) => Number.isInteger(choice.id) && choice.title !== '');
}

/** GET /api/{lookup}: the choices of a wizard step; an empty set when the call fails (client §7). */
export async function getWizardLookup(lookup: WizardLookup): Promise<Choice[]> {
  try {
    const { data } = await api.get<Resource[]>(`/${lookup}`, { suppressErrorToast: true });
    return toChoices(data);
  } catch {
    return [];
  }
}

export const wizardLookupQueryOptions = (lookup: WizardLookup) =>
  queryOptions({
    queryKey: ['lookup', lookup],
    queryFn: () => getWizardLookup(lookup),
    staleTime: 10 * 60 * 1000,
  });

export function useWizardLookup(lookup: WizardLookup) {
  return useQuery(wizardLookupQueryOptions(lookup));
}
