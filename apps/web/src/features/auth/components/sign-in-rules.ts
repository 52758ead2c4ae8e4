import { loginSchema } from '@dd/domain';
import { schemaResolver } from '@mantine/form';

/**
 * The sign-in form's rules (the domain's loginSchema, zod): loaded when the visitor reaches the form or
 * submits it, not with the page, so the sign-in page's first paint carries no forms library (docs/adr/0029).
 */
export const validateLogin = schemaResolver(loginSchema, { sync: true });
