import { useLookupOptions } from '../../../lib/lookup-options.ts';

export type { Option } from '../../../lib/lookup-options.ts';

/** The project filter's selects: GET /api/project-state and /api/project-size. */
export function useProjectLookups() {
  return { states: useLookupOptions('/project-state'), sizes: useLookupOptions('/project-size') };
}
