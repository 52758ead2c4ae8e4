import { z } from 'zod';
import { ADMIN_NAME_MIN, ADMIN_PHONE_MIN, PASSWORD_MIN } from '../limits.ts';
import { FALLBACK_MESSAGES, MESSAGES } from '../messages.ts';
import { ROLES } from '../roles.ts';
import { emailField, isNumericZero, nonZeroTextField, optionalIdField, passwordField } from './fields.ts';

const nameMin = FALLBACK_MESSAGES.minLength(ADMIN_NAME_MIN);

/**
 * POST /user/create attributes (admin §5): name min 2, email required and valid, password required min 6,
 * phone min 3; a zero-valued name, email or password is rejected. Phone may be left out: the add-person
 * modal of the project page creates users through the same call without one.
 */
export const adminCreateUserSchema = z.object({
  role: z.enum(ROLES, { error: FALLBACK_MESSAGES.required }),
  name: nonZeroTextField(nameMin, ADMIN_NAME_MIN),
  email: emailField(MESSAGES.invalidEmail).refine((v) => !isNumericZero(v), MESSAGES.invalidEmail),
  password: passwordField(MESSAGES.passwordMin, PASSWORD_MIN).refine(
    (v) => !isNumericZero(v),
    FALLBACK_MESSAGES.notZero,
  ),
  phone: z
    .union([
      z.literal(''),
      z.string().trim().min(ADMIN_PHONE_MIN, FALLBACK_MESSAGES.minLength(ADMIN_PHONE_MIN)),
    ])
    .optional(),
  timezone: z.string().trim().optional(),
  avatar: z.string().optional(),
});
export type AdminCreateUserInput = z.infer<typeof adminCreateUserSchema>;

/** POST /company/create attributes (admin §5): name min 2, zero rejected. */
export const adminCreateCompanySchema = z.object({
  title: nonZeroTextField(nameMin, ADMIN_NAME_MIN),
  'company-size-id': optionalIdField,
  'company-type-id': optionalIdField,
  'company-industry-id': optionalIdField,
  'company-project-funding-id': optionalIdField,
  avatar: z.string().optional(),
});
export type AdminCreateCompanyInput = z.infer<typeof adminCreateCompanySchema>;

/** POST /team/create attributes (admin §5): title min 2, punch line min 2. */
export const adminCreateTeamSchema = z.object({
  title: nonZeroTextField(nameMin, ADMIN_NAME_MIN),
  'punch-line': nonZeroTextField(nameMin, ADMIN_NAME_MIN),
  avatar: z.string().optional(),
});
export type AdminCreateTeamInput = z.infer<typeof adminCreateTeamSchema>;

/** POST /project/create attributes (admin §5): title required, min 2, zero rejected. */
export const adminCreateProjectSchema = z.object({
  title: nonZeroTextField(nameMin, ADMIN_NAME_MIN),
  description: z.string().optional(),
  'project-state-id': optionalIdField,
  'project-size-id': optionalIdField,
  'project-budget-id': optionalIdField,
  'project-start-id': optionalIdField,
});
export type AdminCreateProjectInput = z.infer<typeof adminCreateProjectSchema>;
