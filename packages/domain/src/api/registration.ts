import { z } from 'zod';

/**
 * Answers that keep a non-JSON:API member because the product's own client reads it there
 * (docs/adr/0009-openapi-and-non-jsonapi-shapes.md): `data.project` and `data.authorization.token` after
 * sign-up, `data.url` after an image upload. The same values are in `attributes` for JSON:API readers.
 */
export const registrationDocumentSchema = z.object({
  data: z.object({
    type: z.literal('registration'),
    id: z.string(),
    attributes: z.object({
      'user-id': z.number().int(),
      'project-id': z.number().int(),
      token: z.string().optional(),
    }),
    project: z.object({ id: z.number().int() }),
    authorization: z.object({ token: z.string() }).nullable(),
  }),
});
export type RegistrationDocument = z.infer<typeof registrationDocumentSchema>;

export const imageDocumentSchema = z.object({
  data: z.object({
    type: z.literal('image'),
    id: z.string(),
    url: z.string(),
    attributes: z.object({ title: z.string(), url: z.string() }),
  }),
});
export type ImageDocument = z.infer<typeof imageDocumentSchema>;
