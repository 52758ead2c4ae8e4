import { z } from 'zod';
import { documentSchema, resourceSchema } from './jsonapi.ts';

/** GET /api/{lookup} and /api/{lookup}/search: every row of a lookup table (sizes, budgets, statuses...). */
export const lookupResourceSchema = resourceSchema(null, z.object({ title: z.string() }));
export type LookupResource = z.infer<typeof lookupResourceSchema>;
export const lookupListDocumentSchema = documentSchema(z.array(lookupResourceSchema));

/** GET /api/tech/search: techs, with their groups when `include=tech-group`. */
export const techListDocumentSchema = z.object({
  data: z.array(resourceSchema('tech', z.object({ title: z.string(), 'tech-group-id': z.number().int() }))),
  included: z.array(resourceSchema('tech-group', z.object({ title: z.string() }))),
});

/** GET /api/timezone and /api/timezone/search: every timezone with its UTC offset as text. */
export const timezoneListDocumentSchema = z.object({
  data: z.array(resourceSchema('timezone', z.object({ title: z.string(), offset: z.string() }))),
});

/** GET /api/app-config: what the web app needs before anyone signs in. */
export const appConfigDocumentSchema = z.object({
  data: resourceSchema(
    'app-config',
    z.object({
      'product-name': z.string(),
      'product-team-label': z.string(),
      'chat-widget-url': z.string().nullable(),
      'new-dashboard-url': z.string().nullable(),
    }),
  ),
});

/** Reminder settings (docs/product.md §C3): GET search, POST create, PATCH. `is-enabled` is 0 or 1. */
export const reminderSettingResourceSchema = resourceSchema(
  'reminder-setting',
  z.object({ 'project-id': z.number().int(), 'user-id': z.number().int(), 'is-enabled': z.number().int() }),
);
export const reminderSettingDocumentSchema = z.object({ data: reminderSettingResourceSchema });
export const reminderSettingListDocumentSchema = z.object({
  data: z.array(reminderSettingResourceSchema),
  meta: z.object({ 'page-count': z.number().int(), total: z.number().int() }),
});

/** GET and PATCH /api/project/{id}/tour-state: the client's product tour on a project. */
export const tourStateDocumentSchema = z.object({
  data: resourceSchema(
    'tour-state',
    z.object({
      'project-id': z.number().int(),
      'user-id': z.number().int(),
      step: z.number().int(),
      visited: z.boolean(),
      'open-modal': z.boolean(),
    }),
  ),
});
