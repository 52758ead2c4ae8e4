import { z } from 'zod';
import { PROJECT_INPUT_MIN, TEXT_MAX } from '../limits.ts';
import { FALLBACK_MESSAGES, MESSAGES } from '../messages.ts';
import { currentPasswordAttribute } from './change-password.ts';
import { cappedText, emailField, optionalIdField, textField } from './fields.ts';
import { phoneField } from './phone-field.ts';

/**
 * The project details form on the project page (docs/product.md §C5) saves through three calls (docs/product.md §C7):
 * the project, its company (PATCH /company/{id}) and the owner's details (user update).
 * One schema per call; the form validates with `projectDetailsFormSchema`, which is their union.
 */
export const projectSaveSchema = z.object({
  title: textField(MESSAGES.projectTitleInvalid, PROJECT_INPUT_MIN),
  description: cappedText(TEXT_MAX.long).optional(),
  addition: cappedText(TEXT_MAX.long).optional(),
  'project-size-id': optionalIdField,
  'project-budget-id': optionalIdField,
  'project-start-id': optionalIdField,
  'project-status-id': optionalIdField,
});
export type ProjectSaveInput = z.infer<typeof projectSaveSchema>;

export const companyUpdateSchema = z.object({
  title: textField(MESSAGES.companyNameInvalid, PROJECT_INPUT_MIN),
  'company-size-id': optionalIdField,
});
export type CompanyUpdateInput = z.infer<typeof companyUpdateSchema>;

export const ownerDetailsSchema = z.object({
  name: textField(FALLBACK_MESSAGES.minLength(PROJECT_INPUT_MIN), PROJECT_INPUT_MIN),
  email: emailField(MESSAGES.invalidEmail, PROJECT_INPUT_MIN),
  phone: phoneField(PROJECT_INPUT_MIN),
  timezone: cappedText(TEXT_MAX.timezone).optional(),
  'help-needed': z.enum(['yes', 'no', 'not_sure']).nullable().optional(),
  'current-password': currentPasswordAttribute,
});
export type OwnerDetailsInput = z.infer<typeof ownerDetailsSchema>;

/** Whole form: project fields, the company name as `company-title`, and the owner's details. */
export const projectDetailsFormSchema = projectSaveSchema.extend({
  'company-title': companyUpdateSchema.shape.title,
  'company-size-id': optionalIdField,
  // Owner details are validated and saved only when the user changed them (docs/product.md §C5), so the form
  // leaves `owner` out otherwise; a project manager can then save a project whose owner lacks a phone.
  owner: ownerDetailsSchema.optional(),
});
export type ProjectDetailsFormInput = z.infer<typeof projectDetailsFormSchema>;
