import { useLookupOptions } from '../../../lib/lookup-options.ts';

const BY_ID = { sort: 'id' } as const;

/** The create-project modal's selects: GET /api/project-state/search and /api/project-size/search. */
export function useProjectModalLookups() {
  return {
    states: useLookupOptions('/project-state/search', BY_ID),
    sizes: useLookupOptions('/project-size/search', BY_ID),
  };
}
