import type { AnswerData } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

export type WizardLookup = 'project-state' | 'project-budget' | 'company-size' | 'project-type';
export type Choice = { id: number; title: string };

function toChoices(rows: AnswerData<`GET /api/${WizardLookup}`>): Choice[] {
  return rows
    .map((row) => ({ id: Number(row.id), title: row.title }))
    .filter((choice) => Number.isInteger(choice.id) && choice.title !== '');
}

/** GET /api/{lookup}: the choices of a wizard step; an empty set when the call fails (docs/product.md §C7). */
export async function getWizardLookup(lookup: WizardLookup): Promise<Choice[]> {
  try {
    const { data } = await read(`GET /api/${lookup}`, { suppressErrorToast: true });
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
