import { z } from 'zod';
import { documentSchema, resourceSchema } from './jsonapi.ts';

/** GET /api/{lookup} and /api/{lookup}/search: every row of a lookup table (sizes, budgets, statuses...). */
export const lookupResourceSchema = resourceSchema(null, z.object({ title: z.string() }));
export type LookupResource = z.infer<typeof lookupResourceSchema>;
export const lookupListDocumentSchema = documentSchema(z.array(lookupResourceSchema));
