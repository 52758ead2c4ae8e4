import { z } from 'zod';
import { documentSchema, resourceSchema } from './jsonapi.ts';
import { companyResourceSchema, userAttributesSchema, userResourceSchema } from './project.ts';
import { roleResourceSchema, titledResourceSchema } from './users.ts';

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

/** A row of the Teams table: its members by list in `relationships` (projectManager, developer). */
export const teamResourceSchema = resourceSchema(
  'team',
  z.object({
    title: z.string(),
    'punch-line': z.string().nullable(),
    avatar: z.string().nullable(),
    'team-size': z.number().int(),
    created: isoDateTime,
  }),
);
/** GET /api/team/search, with the members when `include=projectManager,developer`. */
export const teamListDocumentSchema = z.object({
  data: z.array(teamResourceSchema),
  included: z.array(userResourceSchema).optional(),
  meta: listMeta,
});
/** POST /api/team/create: the new team as sent. */
export const teamCreatedDocumentSchema = z.object({
  data: resourceSchema(
    'team',
    z.object({
      title: z.string(),
      'punch-line': z.string().nullable().optional(),
      avatar: z.string().nullable(),
    }),
  ),
});

/** GET /api/incomplete-registration/search: what a visitor typed before leaving the wizard. */
const maybeText = z.string().nullable();
export const incompleteRegistrationListDocumentSchema = z.object({
  data: z.array(
    resourceSchema(
      'incomplete-registration',
      z.object({
        step: z.number().int(),
        'user-email': maybeText,
        'user-name': maybeText,
        'user-phone': maybeText,
        'user-timezone': maybeText,
        'user-role': maybeText,
        'project-title': maybeText,
        'project-description': maybeText,
        'project-tech': maybeText,
        'project-budget': maybeText,
        'project-type': maybeText,
        'project-start': maybeText,
        'company-name': maybeText,
        'company-size': maybeText,
        created: isoDateTime,
      }),
    ),
  ),
  meta: z.object({ 'page-count': z.number().int(), 'total-count': z.number().int() }),
});

/** A row of the Users table: the user with `role-id`, teams and own projects in `relationships`. */
export const userRowResourceSchema = resourceSchema(
  'user',
  userAttributesSchema.extend({ 'role-id': z.number().int().nullable() }),
);
/** GET /api/user/search (written from a cache as text, ADR 0005), with `include=role,team,ownProject`. */
export const userListDocumentSchema = z.object({
  data: z.array(userRowResourceSchema),
  included: z.array(z.union([roleResourceSchema, titledResourceSchema])).optional(),
  meta: listMeta,
});
/** GET /api/user/by-role: the pickers' list (readonlyManager gets `email` null). */
export const usersByRoleDocumentSchema = z.object({
  data: z.array(
    resourceSchema(
      'user',
      z.object({
        name: z.string(),
        email: z.string().nullable(),
        avatar: z.string().nullable(),
        role: z.string(),
      }),
    ),
  ),
});

/** A row of the Projects table: owner and state/size titles beside their ids. */
export const projectRowResourceSchema = resourceSchema(
  'project',
  z.object({
    title: z.string(),
    created: isoDateTime,
    'owner-name': z.string().nullable(),
    /** null for readonlyManager */
    'owner-phone': z.string().nullable(),
    'state-title': z.string().nullable(),
    'size-title': z.string().nullable(),
    'project-state-id': nullableId,
    'project-size-id': nullableId,
  }),
);
/** GET /api/project/search (written from a cache as text, ADR 0005), `include=owner,client,state,size`. */
export const projectListDocumentSchema = z.object({
  data: z.array(projectRowResourceSchema),
  included: z.array(z.union([userResourceSchema, titledResourceSchema])).optional(),
  meta: listMeta,
});
/** POST /api/project/create: the new project's id and title. */
export const projectCreatedDocumentSchema = z.object({
  data: resourceSchema('project', z.object({ title: z.string() })),
});
