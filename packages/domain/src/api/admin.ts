import { z } from 'zod';
import { documentSchema, resourceSchema } from './jsonapi.ts';
import { companyResourceSchema, userResourceSchema } from './project.ts';
import { titledResourceSchema } from './users.ts';

/** The admin lists' and forms' answers, field by field. */

const isoDateTime = z.string();
const nullableId = z.number().int().nullable();
const listMeta = z.object({ 'page-count': z.number().int(), total: z.number().int() });

/** PATCH /api/company/{id} (the project owner's company form): the company as saved. */
export const companyDocumentSchema = documentSchema(companyResourceSchema);

/** A row of the Companies table (and GET /api/company/{id}): lookup titles beside their ids. */
export const adminCompanyResourceSchema = resourceSchema(
  'company',
  z.object({
    title: z.string(),
    avatar: z.string().nullable(),
    'company-size': z.string().nullable(),
    'company-size-id': nullableId,
    'company-type': z.string().nullable(),
    'company-type-id': nullableId,
    'company-industry': z.string().nullable(),
    'company-industry-id': nullableId,
    'company-project-funding': z.string().nullable(),
    'company-project-funding-id': nullableId,
    /** the company's active clients */
    participants: z.number().int(),
    created: isoDateTime,
  }),
);
export type AdminCompanyResource = z.infer<typeof adminCompanyResourceSchema>;
/** `include=client|companySize|companyType|companyIndustry|companyProjectFunding`. */
const companyIncluded = z.union([userResourceSchema, titledResourceSchema]);

/** GET /api/company/{id}, POST /api/company/create. */
export const adminCompanyDocumentSchema = documentSchema(adminCompanyResourceSchema, companyIncluded);
/** GET /api/company/search. */
export const adminCompanyListDocumentSchema = z.object({
  data: z.array(adminCompanyResourceSchema),
  included: z.array(companyIncluded).optional(),
  meta: listMeta,
});
