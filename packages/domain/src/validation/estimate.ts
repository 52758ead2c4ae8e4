import { z } from 'zod';
import { ESTIMATE_MAX_CHARS } from '../limits.ts';

/**
 * Task estimate input (docs/product.md §A5): at most 14 characters and a leading zero stripped ('05' → '5').
 * A lone '0' and decimals such as '0.5' keep their zero, since stripping would change the number.
 */
export function normalizeEstimateInput(input: string): string {
  return input
    .trim()
    .replace(/^0+(?=\d)/, '')
    .slice(0, ESTIMATE_MAX_CHARS);
}

export const ESTIMATE_INVALID = 'Estimate must be a number of hours';

/**
 * The estimate attribute of a task body: a number of hours as text or number, normalized as the input
 * is; empty or null clears it. The stored value is the normalized text, so '05' is kept as '5'.
 */
export const estimateField = z
  .union([z.null(), z.string(), z.number()])
  .transform((value) => (value === null ? '' : normalizeEstimateInput(String(value))))
  .refine((value) => value === '' || (/^\d+(\.\d+)?$/.test(value) && Number.isFinite(Number(value))), {
    error: ESTIMATE_INVALID,
  })
  .transform((value) => (value === '' ? null : value));
