import { COMPANY_SORT_FIELDS } from '@dd/domain';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  companies,
  companyIndustries,
  companyProjectFundings,
  companySizes,
  companyTypes,
  users,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { documentOf, Included, type Resource, ref, refs } from '../../lib/jsonapi/document.ts';
import { type ListQuery, type ListRules, pageCount } from '../../lib/jsonapi/query.ts';
import { presentableUserColumns, presentUser } from '../users/user-presenter.ts';
import { offsetOf, orderByOf } from './list-sql.ts';
import { presentLookup } from './lookup-presenter.ts';

export const COMPANY_INCLUDES = [
  'client',
  'companySize',
  'companyType',
  'companyIndustry',
  'companyProjectFunding',
] as const;

export const COMPANY_LIST_RULES: ListRules = {
  filters: {},
  sorts: COMPANY_SORT_FIELDS,
  includes: COMPANY_INCLUDES,
  defaultSort: 'title',
  defaultSize: 15,
  // The admin forms' pickers ask for every row (page[size]=0, docs/product.md §A9 "unlimited lists").
  allowUnlimited: true,
};

type CompanyRow = typeof companies.$inferSelect;
type Titles = { size: string | null; type: string | null; industry: string | null; funding: string | null };

/** A company with its lookup titles and participants (its active clients), every field named. */
export function presentCompany(company: CompanyRow, titles: Titles, clientIds: number[]): Resource {
  return {
    type: 'company',
    id: String(company.id),
    attributes: {
      title: company.title,
      avatar: company.avatar,
      'company-size': titles.size,
      'company-size-id': company.companySizeId,
      'company-type': titles.type,
      'company-type-id': company.companyTypeId,
      'company-industry': titles.industry,
      'company-industry-id': company.companyIndustryId,
      'company-project-funding': titles.funding,
      'company-project-funding-id': company.companyProjectFundingId,
      participants: clientIds.length,
      created: company.createdAt.toISOString(),
    },
    relationships: {
      client: { data: refs('user', clientIds) },
      companySize: { data: ref('company-size', company.companySizeId) },
      companyType: { data: ref('company-type', company.companyTypeId) },
      companyIndustry: { data: ref('company-industry', company.companyIndustryId) },
      companyProjectFunding: { data: ref('company-project-funding', company.companyProjectFundingId) },
    },
  };
}

function companyQuery(db: Db) {
  return db
    .select({
      company: companies,
      size: companySizes.title,
      type: companyTypes.title,
      industry: companyIndustries.title,
      funding: companyProjectFundings.title,
    })
    .from(companies)
    .leftJoin(companySizes, eq(companySizes.id, companies.companySizeId))
    .leftJoin(companyTypes, eq(companyTypes.id, companies.companyTypeId))
    .leftJoin(companyIndustries, eq(companyIndustries.id, companies.companyIndustryId))
    .leftJoin(companyProjectFundings, eq(companyProjectFundings.id, companies.companyProjectFundingId));
}

const SORT_COLUMNS = {
  id: companies.id,
  title: companies.title,
  'companySize.title': companySizes.title,
  'companyType.title': companyTypes.title,
  'companyIndustry.title': companyIndustries.title,
  'companyProjectFunding.title': companyProjectFundings.title,
};

async function documentFor(
  db: Db,
  rows: Awaited<ReturnType<ReturnType<typeof companyQuery>['execute']>>,
  include: Set<string>,
) {
  const ids = rows.map((r) => r.company.id);
  const clients =
    ids.length === 0
      ? []
      : await db
          .select(presentableUserColumns)
          .from(users)
          .where(and(inArray(users.companyId, ids), eq(users.role, 'client'), eq(users.isActive, true)))
          .orderBy(asc(users.name), asc(users.id));
  const included = new Included();
  const data = rows.map((r) => {
    const mine = clients.filter((c) => c.companyId === r.company.id);
    if (include.has('client')) included.addAll(mine.map((c) => presentUser(c)));
    if (include.has('companySize'))
      included.add(presentLookup('company-size', r.company.companySizeId, r.size));
    if (include.has('companyType'))
      included.add(presentLookup('company-type', r.company.companyTypeId, r.type));
    if (include.has('companyIndustry'))
      included.add(presentLookup('company-industry', r.company.companyIndustryId, r.industry));
    if (include.has('companyProjectFunding'))
      included.add(presentLookup('company-project-funding', r.company.companyProjectFundingId, r.funding));
    return presentCompany(
      r.company,
      r,
      mine.map((c) => c.id),
    );
  });
  return { data, included };
}

/** GET /company/search: a page of companies by title with lookup titles and client counts. */
export async function searchCompanies(db: Db, query: ListQuery) {
  const [rows, [total]] = await Promise.all([
    companyQuery(db)
      .orderBy(...orderByOf(query.sort, SORT_COLUMNS, companies.id))
      .limit(query.size ?? 1_000_000)
      .offset(offsetOf(query.page, query.size)),
    db.select({ n: count() }).from(companies),
  ]);
  const { data, included } = await documentFor(db, rows, new Set(query.include));
  const n = Number(total?.n ?? 0);
  return documentOf(data, included, { 'page-count': pageCount(n, query.size), total: n });
}

/** GET /company/{id}. */
export async function getCompany(db: Db, id: number, include: string[]) {
  const rows = await companyQuery(db).where(eq(companies.id, id));
  if (rows.length === 0) throw notFound('Company');
  const { data, included } = await documentFor(db, rows, new Set(include));
  return documentOf(data[0] ?? null, included);
}

/** Its users and projects keep existing without a company (foreign keys set null). */
export async function deleteCompany(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id });
  if (deleted.length === 0) throw notFound('Company');
}
