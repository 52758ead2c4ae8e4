import { useLookupOptions } from '../../../lib/lookup-options.ts';

export type { Option } from '../../../lib/lookup-options.ts';

const BY_ID = { sort: 'id' } as const;

/** The project form's selects: GET /api/{lookup}/search?sort=id. */
export function useProjectFormLookups() {
  return {
    states: useLookupOptions('/project-state/search', BY_ID),
    sizes: useLookupOptions('/project-size/search', BY_ID),
    budgets: useLookupOptions('/project-budget/search', BY_ID),
    starts: useLookupOptions('/project-start/search', BY_ID),
    types: useLookupOptions('/project-type/search', BY_ID),
  };
}
