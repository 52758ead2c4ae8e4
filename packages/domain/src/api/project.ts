import { z } from 'zod';
import { documentSchema, resourceSchema } from './jsonapi.ts';

/** The resources GET /api/project/{id} answers with (docs/product.md §C3), field by field. */

const isoDateTime = z.string();
const nullableId = z.number().int().nullable();

export const projectAttributesSchema = z.object({
  title: z.string(),
  description: z.string().nullable(),
  addition: z.string().nullable(),
  created: isoDateTime,
  'owner-id': nullableId,
  'company-id': nullableId,
  'project-state-id': nullableId,
  'project-size-id': nullableId,
  'project-budget-id': nullableId,
  'project-start-id': nullableId,
  'project-status-id': nullableId,
  'account-manager-id': nullableId,
});
export const projectResourceSchema = resourceSchema('project', projectAttributesSchema);
export type ProjectResource = z.infer<typeof projectResourceSchema>;

/**
 * A person; readonlyManager receives `login`, `email` and `phone` of others as null. Some answers add
 * fields (looseObject).
 */
export const userAttributesSchema = z.looseObject({
  name: z.string(),
  login: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  role: z.string(),
  timezone: z.string().nullable(),
  'help-needed': z.enum(['yes', 'no', 'not_sure']).nullable(),
  created: isoDateTime,
});
export const userResourceSchema = resourceSchema('user', userAttributesSchema);
export type UserResource = z.infer<typeof userResourceSchema>;

export const companyAttributesSchema = z.object({ title: z.string(), 'company-size-id': nullableId });
export const companyResourceSchema = resourceSchema('company', companyAttributesSchema);
export type CompanyResource = z.infer<typeof companyResourceSchema>;

export const fileAttributesSchema = z.object({
  title: z.string(),
  size: z.number().int(),
  mime: z.string(),
  'relationship-created': isoDateTime,
});
export const fileResourceSchema = resourceSchema('file', fileAttributesSchema);
export type FileResource = z.infer<typeof fileResourceSchema>;

export const linkAttributesSchema = z.object({
  title: z.string(),
  url: z.string(),
  'relationship-created': isoDateTime,
});
export const linkResourceSchema = resourceSchema('link', linkAttributesSchema);
export type LinkResource = z.infer<typeof linkResourceSchema>;

/** A lookup row (size, budget, state, type...) as an included resource: its wire type and title. */
export const includedLookupSchema = resourceSchema(null, z.object({ title: z.string() }));
export const techResourceSchema = resourceSchema(
  'tech',
  z.object({ title: z.string(), 'tech-group-id': nullableId }),
);
/** The client's own calls of the project (`include=current-user-scheduled-calls`). */
export const includedCallSchema = resourceSchema(
  'scheduled-call',
  z.object({
    project_id: z.number().int(),
    scheduled: isoDateTime,
    timezone: z.string(),
    status: z.string(),
  }),
);

/** GET /api/project/{id}: the project, and what `include` asked for (users, company, lookups, files...). */
export const projectDocumentSchema = documentSchema(
  projectResourceSchema,
  z.union([
    userResourceSchema,
    companyResourceSchema,
    fileResourceSchema,
    linkResourceSchema,
    techResourceSchema,
    includedCallSchema,
    includedLookupSchema,
  ]),
);
export type ProjectDocument = z.infer<typeof projectDocumentSchema>;

/** GET /api/project/mine: the signed-in client's projects for the shell's strip. */
export const ownProjectListDocumentSchema = z.object({
  data: z.array(
    resourceSchema(
      'project',
      z.object({
        title: z.string(),
        created: isoDateTime,
        /** the project-start lookup's title */
        start: z.string().nullable(),
        /** developers and project managers on the project */
        'team-size': z.number().int(),
      }),
    ),
  ),
  meta: z.object({ 'page-count': z.number().int(), total: z.number().int() }),
});
