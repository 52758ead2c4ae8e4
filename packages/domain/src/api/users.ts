import { z } from 'zod';
import { documentSchema, resourceSchema } from './jsonapi.ts';
import { userAttributesSchema, userResourceSchema } from './project.ts';

/** A user as GET /api/user/{id}, the signed-in check and the user forms answer, field by field. */

/** The user with the fields only these answers carry: the phone's blacklist flag and, for oneself, projects. */
export const userDetailResourceSchema = resourceSchema(
  'user',
  userAttributesSchema.extend({
    /** whether the phone starts with a blacklisted prefix (null where contacts are hidden) */
    'is-phone-prefix-in-blacklist': z.boolean().nullable(),
    /** only in one's own profile */
    'last-project-id': z.number().int().nullable().optional(),
    'newest-project-id': z.number().int().nullable().optional(),
  }),
);
export type UserDetailResource = z.infer<typeof userDetailResourceSchema>;

/** `include=role`: the role's item name and title. */
export const roleResourceSchema = resourceSchema(
  'role',
  z.object({ 'item-name': z.string(), title: z.string() }),
);
/** `include=company|team|tech|ownProject`: each named by its title. */
export const titledResourceSchema = resourceSchema(null, z.object({ title: z.string() }));

/** GET /api/user/{id}, PATCH /api/user/{id}, POST /api/user/create, GET /api/authorization/check. */
export const userDocumentSchema = documentSchema(
  userDetailResourceSchema,
  z.union([roleResourceSchema, titledResourceSchema]),
);
export type UserDocument = z.infer<typeof userDocumentSchema>;

/** POST /api/authorization/register (invited sign-up): the new user, and the project they joined. */
export const invitedUserDocumentSchema = userDocumentSchema.extend({
  meta: z.object({ 'project-id': z.number().int() }),
});

/** POST /api/authorization/login: the session token (also set as a cookie) and whose it is. */
export const loginDocumentSchema = z.object({
  data: resourceSchema('authorization', z.object({ token: z.string(), 'user-id': z.number().int() })),
});

/** PATCH /api/user/{id}/details, POST /api/project/{id}/team-member: the person as saved. */
export const personDocumentSchema = documentSchema(userResourceSchema);

/** POST /api/authorization/forgot: only that a mail went out (or was logged); never whether the address exists beyond the product's message. */
export const forgotDocumentSchema = z.object({ data: z.null(), meta: z.object({ sent: z.boolean() }) });

/** GET /api/authorization/reset-token?token=: whose open reset token it is. */
export const resetTokenDocumentSchema = z.object({
  data: resourceSchema('reset-token', z.object({ 'user-id': z.number().int() })),
});

/**
 * The `meta` of PATCH /api/user/{id} and PATCH /api/user/{id}/details when the e-mail of someone else was
 * changed: the account keeps its address until the new one confirms; the link went there.
 */
export const emailConfirmationMetaSchema = z.object({ 'email-confirmation-sent-to': z.string() });

/** POST /api/email-change/confirm and /cancel: what the link did. */
export const EMAIL_CHANGE_STATES = ['confirmed', 'cancelled', 'reverted'] as const;
export const emailChangeAnswerSchema = z.object({
  data: z.null(),
  meta: z.object({ state: z.enum(EMAIL_CHANGE_STATES) }),
});
export type EmailChangeAnswer = z.infer<typeof emailChangeAnswerSchema>;

/** The body both links' page sends: the token from the link. */
export const emailChangeTokenSchema = z.object({ token: z.string().trim().min(1).max(200) });
