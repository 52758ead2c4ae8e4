import type { AdminCreateCompanyInput } from '@dd/domain';
import type { Db } from '../../db/client.ts';
import {
  companies,
  companyIndustries,
  companyProjectFundings,
  companySizes,
  companyTypes,
} from '../../db/schema/index.ts';
import { attr } from '../../lib/app-error.ts';
import { assertIdsExist } from './checks.ts';

/** New Company (docs/product.md §A2): title, industry, type, project funding, size and avatar. */
export async function createCompany(db: Db, a: AdminCreateCompanyInput): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await assertIdsExist(tx, companySizes, [a['company-size-id']], attr('company-size-id'));
    await assertIdsExist(tx, companyTypes, [a['company-type-id']], attr('company-type-id'));
    await assertIdsExist(tx, companyIndustries, [a['company-industry-id']], attr('company-industry-id'));
    await assertIdsExist(
      tx,
      companyProjectFundings,
      [a['company-project-funding-id']],
      attr('company-project-funding-id'),
    );
    const [row] = await tx
      .insert(companies)
      .values({
        title: a.title,
        avatar: a.avatar || null,
        companySizeId: a['company-size-id'],
        companyTypeId: a['company-type-id'],
        companyIndustryId: a['company-industry-id'],
        companyProjectFundingId: a['company-project-funding-id'],
      })
      .returning({ id: companies.id });
    return { id: row!.id };
  });
}
