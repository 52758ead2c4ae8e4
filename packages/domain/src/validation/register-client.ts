import { z } from 'zod';
import { TEXT_MAX, WIZARD_OPTIONAL_TEXT_MIN_SENT } from '../limits.ts';
import { cappedText, idField, optionalIdField } from './fields.ts';
import {
  wizardDescriptionSchema,
  wizardEmailField,
  wizardNameField,
  wizardPasswordField,
  wizardPhoneField,
  wizardTitleField,
} from './wizard.ts';

/**
 * POST /user/register-client body attributes (docs/product.md §C3 "Sign-up payload", §7). The nested objects keep
 * the product's own snake_case names (company_size_id, project_state_id...), as docs/product.md writes them.
 * Field rules are the wizard step 6 rules, so the form and the route give the same messages.
 */
export const registerClientUserSchema = z.object({
  // Sign-up always creates a client, whatever is sent (docs/product.md §C6); accepted only so the body parses.
  role: z.literal('client').optional(),
  name: wizardNameField,
  email: wizardEmailField,
  password: wizardPasswordField,
  phone: wizardPhoneField,
  code: cappedText(TEXT_MAX.short).trim().optional(),
  timezone: cappedText(TEXT_MAX.timezone).trim().optional(),
});

export const registerClientCompanySchema = z.object({
  title: wizardTitleField,
  company_size_id: optionalIdField,
});

const optionalLongText = cappedText(TEXT_MAX.long)
  .optional()
  // The wizard sends description and addition only when longer than 3 characters (docs/product.md §C3).
  .transform((v) => (v !== undefined && v.trim().length >= WIZARD_OPTIONAL_TEXT_MIN_SENT ? v : undefined));

export const registerClientProjectSchema = z.object({
  title: wizardTitleField,
  project_state_id: idField,
  description: wizardDescriptionSchema.optional().pipe(optionalLongText),
  project_start_id: optionalIdField,
  project_type_ids: z.array(idField).default([]),
  tech_ids: z.array(idField).default([]),
  project_budget_id: idField,
  addition: optionalLongText,
});

export const registerClientSchema = z.object({
  user: registerClientUserSchema,
  company: registerClientCompanySchema,
  project: registerClientProjectSchema,
});
export type RegisterClientInput = z.input<typeof registerClientSchema>;
export type RegisterClientBody = z.infer<typeof registerClientSchema>;

/** A signed-in client's wizard: same body without the user object (they only name the project). */
export const clientProjectRequestSchema = registerClientSchema.omit({ user: true });
export type ClientProjectRequestBody = z.infer<typeof clientProjectRequestSchema>;
