import { useLookupOptions } from '../../../lib/lookup-options.ts';

export type { Option } from '../../../lib/lookup-options.ts';

const BY_ID = { sort: 'id' } as const;

/** The company form's selects: GET /api/{lookup}/search?sort=id (docs/product.md §C7). */
export function useCompanyLookups() {
  return {
    industries: useLookupOptions('/company-industry/search', BY_ID),
    types: useLookupOptions('/company-type/search', BY_ID),
    fundings: useLookupOptions('/company-project-funding/search', BY_ID),
    sizes: useLookupOptions('/company-size/search', BY_ID),
  };
}
