import { z } from 'zod';
import { documentSchema, resourceSchema } from './jsonapi.ts';
import { linkResourceSchema, userResourceSchema } from './project.ts';

/** Settings, links, project updates, the mail outbox and invitations, field by field. */

const isoDateTime = z.string();

export const settingResourceSchema = resourceSchema(
  'setting',
  z.object({ name: z.string(), value: z.string() }),
);
export type SettingResource = z.infer<typeof settingResourceSchema>;
/** GET /api/setting/search (never paged). */
export const settingListDocumentSchema = z.object({
  data: z.array(settingResourceSchema),
  meta: z.object({ 'page-count': z.number().int() }),
});
/** POST /api/setting/create, PATCH /api/setting/{id}. */
export const settingDocumentSchema = z.object({ data: settingResourceSchema });

/** POST /api/link/create: the new link (not yet attached to a project). */
export const linkDocumentSchema = documentSchema(linkResourceSchema);

export const projectUpdateResourceSchema = resourceSchema(
  'project-update',
  z.object({
    title: z.string(),
    /** markdown */
    description: z.string(),
    /**
     * The description as sanitised HTML (packages/domain/src/markdown.ts): the page shows it as it is,
     * without a markdown renderer of its own on the first screen (docs/adr/0034).
     */
    'description-html': z.string(),
    created: isoDateTime,
    'project-id': z.number().int(),
    'reporter-user-id': z.number().int().nullable(),
  }),
);
export type ProjectUpdateResource = z.infer<typeof projectUpdateResourceSchema>;
/** GET /api/project-update/search: newest first, with the reporters when `include=reporter`. */
export const projectUpdateListDocumentSchema = documentSchema(
  z.array(projectUpdateResourceSchema),
  userResourceSchema,
);
/** POST /api/project-update/post. */
export const projectUpdateDocumentSchema = documentSchema(projectUpdateResourceSchema);

/** GET /api/mail-outbox/search: what was sent or logged, token links redacted. */
export const mailOutboxResourceSchema = resourceSchema(
  'mail',
  z.object({
    to: z.string(),
    subject: z.string(),
    status: z.string(),
    error: z.string().nullable(),
    attempts: z.number().int(),
    'next-attempt': isoDateTime.nullable(),
    sent: isoDateTime.nullable(),
    text: z.string(),
    html: z.string(),
    created: isoDateTime,
  }),
);
export const mailOutboxListDocumentSchema = z.object({
  data: z.array(mailOutboxResourceSchema),
  meta: z.object({ 'page-count': z.number().int(), 'total-count': z.number().int() }),
});

/** POST /api/invitation/create: to whom, for which project, and whether the mail went out. */
export const invitationCreatedDocumentSchema = z.object({
  data: resourceSchema(
    'invitation',
    z.object({ email: z.string(), 'project-id': z.number().int(), 'mail-status': z.string() }),
  ),
});
/** GET /api/invitation/my?token=: the address an open invitation was sent to. */
export const invitationDocumentSchema = z.object({
  data: resourceSchema('invitation', z.object({ email: z.string(), 'project-id': z.number().int() })),
});

/** GET /api/invitation/search?filter[project_id]=: a project's pending invitations (never a token). */
export const pendingInvitationListDocumentSchema = z.object({
  data: z.array(
    resourceSchema(
      'invitation',
      z.object({
        email: z.string(),
        'project-id': z.number().int(),
        'invited-by': z.string().nullable(),
        created: isoDateTime,
        'expires-at': isoDateTime,
      }),
    ),
  ),
  meta: z.object({ count: z.number().int() }),
});
/** POST /api/invitation/{id}/resend: the invitation with its new end date, and whether the mail went out. */
export const invitationResentDocumentSchema = z.object({
  data: resourceSchema(
    'invitation',
    z.object({
      email: z.string(),
      'project-id': z.number().int(),
      'expires-at': isoDateTime,
      'mail-status': z.string(),
    }),
  ),
});

/** GET and PATCH /api/digest/setting: whether the signed-in client gets the daily digest. */
export const digestSettingDocumentSchema = z.object({
  data: resourceSchema('digest-setting', z.object({ 'digest-enabled': z.boolean() })),
});
/** POST /api/digest/unsubscribe (RFC 8058 one-click): done. */
export const digestUnsubscribedSchema = z.object({ meta: z.object({ unsubscribed: z.literal(true) }) });
