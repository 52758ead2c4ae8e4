import { z } from 'zod';
import { documentSchema, resourceSchema } from './jsonapi.ts';

/**
 * Personal access tokens (docs/product.md §D4, ADR 0052): a named credential an integration sends as
 * `Authorization: Bearer`, acting as its owner. The secret is in the create answer only.
 */
export const ACCESS_TOKEN_SCOPES = ['read', 'write'] as const;
export type AccessTokenScope = (typeof ACCESS_TOKEN_SCOPES)[number];
/** Every token expires; a year at most, a day at least. */
export const ACCESS_TOKEN_MAX_DAYS = 366;
export const ACCESS_TOKEN_NAME_MAX = 100;
/** What a token's secret starts with, so people and secret scanners can tell it from a session. */
export const ACCESS_TOKEN_PREFIX = 'ddpat_';

export const accessTokenCreateSchema = z.object({
  data: z.object({
    type: z.literal('access-token').optional(),
    attributes: z.object({
      name: z
        .string({ error: 'Name is required' })
        .trim()
        .min(1, 'Name is required')
        .max(ACCESS_TOKEN_NAME_MAX, `Name is at most ${ACCESS_TOKEN_NAME_MAX} characters`),
      scope: z.enum(ACCESS_TOKEN_SCOPES, { error: "Scope is 'read' or 'write'" }),
      'expires-at': z.iso.datetime({ offset: true, error: 'Expiry is a date and time (ISO 8601)' }),
    }),
  }),
});
export type AccessTokenCreateBody = z.infer<typeof accessTokenCreateSchema>;

const accessTokenAttributesSchema = z.object({
  name: z.string(),
  scope: z.enum(ACCESS_TOKEN_SCOPES),
  created: z.string(),
  'expires-at': z.string(),
  /** null before its first use; updated at most once a minute */
  'last-used': z.string().nullable(),
  /** the owner, for an admin's list of everyone's tokens */
  'user-id': z.number().int(),
  'user-name': z.string(),
});
export const accessTokenResourceSchema = resourceSchema('access-token', accessTokenAttributesSchema);
export type AccessTokenResource = z.infer<typeof accessTokenResourceSchema>;

/** The 201 of a create: the only answer that carries the secret. */
export const accessTokenWithSecretResourceSchema = resourceSchema(
  'access-token',
  accessTokenAttributesSchema.extend({ token: z.string() }),
);
export const accessTokenWithSecretDocumentSchema = documentSchema(accessTokenWithSecretResourceSchema);
export const accessTokenListDocumentSchema = documentSchema(z.array(accessTokenResourceSchema));
