import type { z } from 'zod';

/** For tests: the messages a schema gives for a value, keyed by dotted path ('' for the root). */
export function errorsOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

/** For tests: the first message for one field, or undefined when the field is valid. */
export function firstError(schema: z.ZodType, value: unknown, field: string): string | undefined {
  return errorsOf(schema, value)[field]?.[0];
}
