import { type Flattened, type LookupResource, PAGE_SIZE, type Related } from '@dd/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { included, read } from '../../../lib/api-client.ts';

/**
 * With `include`, each lookup's relationship replaces its title attribute of the same name (the
 * deserializer writes relationships last): the title is read from the included lookup.
 */
type Lookup = Related<Flattened<LookupResource>> | null;
type CompanyRelations = {
  companySize: Lookup;
  companyType: Lookup;
  companyIndustry: Lookup;
  companyProjectFunding: Lookup;
};
const title = (r: Lookup) => included<Flattened<LookupResource>>(r)?.title ?? '';

export type CompanyRow = {
  id: number;
  title: string;
  size: string;
  type: string;
  industry: string;
  funding: string;
  participants: number;
};
export type CompaniesQuery = { page: number; sort: string };

/** GET /api/company/search. A failed load is logged (docs/product.md §A8) and thrown, so the table says so. */
export async function getCompanies({ page, sort }: CompaniesQuery) {
  try {
    const { data, meta } = await read<'GET /api/company/search', CompanyRelations>(
      'GET /api/company/search',
      {
        params: {
          page: { page, size: PAGE_SIZE },
          sort,
          include: 'client,companySize,companyType,companyIndustry,companyProjectFunding',
        },
        suppressErrorToast: true,
      },
    );
    const rows: CompanyRow[] = data.map((c) => ({
      id: Number(c.id),
      title: c.title,
      size: title(c.companySize),
      type: title(c.companyType),
      industry: title(c.companyIndustry),
      funding: title(c.companyProjectFunding),
      participants: c.participants,
    }));
    return { rows, pageCount: meta.pageCount };
  } catch (error) {
    console.error('Loading companies failed', error);
    // Logged (docs/product.md §A8), then thrown: the table shows an error with a Retry, not empty (docs/product.md §F5).
    throw error;
  }
}

export const companiesQueryOptions = (query: CompaniesQuery) =>
  queryOptions({
    queryKey: ['companies', 'table', query],
    queryFn: () => getCompanies(query),
    placeholderData: keepPreviousData,
  });

export function useCompanies(query: CompaniesQuery) {
  return useQuery(companiesQueryOptions(query));
}
