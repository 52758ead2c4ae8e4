import { z } from 'zod';
import { documentSchema, resourceSchema } from './jsonapi.ts';
import { fileAttributesSchema, fileResourceSchema } from './project.ts';

/** POST /api/project/{id}/upload-file and /file/upload: the stored file's details (no bytes). */
export const fileDocumentSchema = documentSchema(fileResourceSchema);
export type FileDocument = z.infer<typeof fileDocumentSchema>;

/** GET /api/file/{id}: the file's details and its bytes as a `data:` URL. */
export const fileWithDataResourceSchema = resourceSchema(
  'file',
  fileAttributesSchema.extend({ data: z.string() }),
);
export const fileWithDataDocumentSchema = documentSchema(fileWithDataResourceSchema);
export type FileWithDataDocument = z.infer<typeof fileWithDataDocumentSchema>;
