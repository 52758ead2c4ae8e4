import { z } from 'zod';
import { ADMIN_NAME_MIN, ADMIN_PHONE_MIN, PASSWORD_MIN } from '../limits.ts';
import { FALLBACK_MESSAGES, MESSAGES } from '../messages.ts';
import { ROLES } from '../roles.ts';
import {
  emailField,
  idField,
  isNumericZero,
  nonZeroTextField,
  optionalIdField,
  passwordField,
} from './fields.ts';
import { optionalPhoneField } from './phone-field.ts';

const nameMin = FALLBACK_MESSAGES.minLength(ADMIN_NAME_MIN);

/**
 * POST /user/create attributes (docs/product.md §A5): name min 2, email required and valid, password required min 6,
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
  phone: optionalPhoneField(ADMIN_PHONE_MIN).optional(),
  timezone: z.string().trim().max(64).optional(),
  avatar: z.string().max(2048).optional(),
});
export type AdminCreateUserInput = z.infer<typeof adminCreateUserSchema>;

/** POST /company/create attributes (docs/product.md §A5): name min 2, zero rejected. */
export const adminCreateCompanySchema = z.object({
  title: nonZeroTextField(nameMin, ADMIN_NAME_MIN),
  'company-size-id': optionalIdField,
  'company-type-id': optionalIdField,
  'company-industry-id': optionalIdField,
  'company-project-funding-id': optionalIdField,
  avatar: z.string().max(2048).optional(),
});
export type AdminCreateCompanyInput = z.infer<typeof adminCreateCompanySchema>;

/** POST /team/create attributes (docs/product.md §A5): title min 2, punch line min 2. */
export const adminCreateTeamSchema = z.object({
  title: nonZeroTextField(nameMin, ADMIN_NAME_MIN),
  'punch-line': nonZeroTextField(nameMin, ADMIN_NAME_MIN),
  avatar: z.string().max(2048).optional(),
});
export type AdminCreateTeamInput = z.infer<typeof adminCreateTeamSchema>;

/** POST /project/create attributes (docs/product.md §A5): title required, min 2, zero rejected. */
export const adminCreateProjectSchema = z.object({
  title: nonZeroTextField(nameMin, ADMIN_NAME_MIN),
  description: z.string().max(20_000).optional(),
  'project-state-id': optionalIdField,
  'project-size-id': optionalIdField,
  'project-budget-id': optionalIdField,
  'project-start-id': optionalIdField,
});
export type AdminCreateProjectInput = z.infer<typeof adminCreateProjectSchema>;

/** One `{ type, id }` of a relationship, ids as the wire sends them (strings or numbers). */
const resourceRef = z.object({ type: z.string().max(60), id: idField });

/**
 * The relationships of the admin create forms and PATCH /user/{id}: each `{ data }` holds one reference,
 * a list of them, or null. Which names a call reads is the server's business; unknown names are ignored.
 */
export const adminRelationshipsSchema = z
  .record(
    z.string().max(60),
    z.object({ data: z.union([z.null(), resourceRef, z.array(resourceRef).max(1000)]) }),
  )
  .optional();
export type AdminRelationships = z.infer<typeof adminRelationshipsSchema>;

/** The ids under the first of `names` that is present (`tech` and `techs` both name tech expertise). */
export function relationshipIds(relationships: AdminRelationships, ...names: string[]): number[] | undefined {
  for (const name of names) {
    const rel = relationships?.[name];
    if (rel === undefined) continue;
    const data = rel.data;
    const list = data === null ? [] : Array.isArray(data) ? data : [data];
    return [...new Set(list.map((r) => r.id))];
  }
  return undefined;
}
