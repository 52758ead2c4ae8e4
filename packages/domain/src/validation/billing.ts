import { z } from 'zod';
import { CURRENCIES } from '../money.ts';

/**
 * One schema for each billing form and its route body (docs/adr/0049). Money is integer minor units of
 * the terms' currency; a tax rate is integer basis points; a duration is whole minutes.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD');
const minorUnits = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const timeEntryInputSchema = z.object({
  minutes: z.number().int().min(1, 'Enter at least one minute').max(1440, 'A day has 1440 minutes'),
  date: isoDate,
  note: z.string().max(2000).default(''),
  billable: z.boolean().default(true),
});
export type TimeEntryInput = z.infer<typeof timeEntryInputSchema>;

export const timeEntryPatchSchema = timeEntryInputSchema.partial();
export type TimeEntryPatch = z.infer<typeof timeEntryPatchSchema>;

/** Start a timer on a task (one running per person) or stop the running one. */
export const timerInputSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('start'), 'task-id': z.string().regex(/^\d+$/) }),
  z.object({ action: z.literal('stop') }),
]);
export type TimerInput = z.infer<typeof timerInputSchema>;

export const PRICINGS = ['hourly', 'fixed'] as const;
export const BUDGET_CAP_KINDS = ['money', 'minutes'] as const;

export const billingTermsInputSchema = z.object({
  pricing: z.enum(PRICINGS),
  currency: z.enum(CURRENCIES),
  /** minor units per hour (hourly pricing) */
  'hourly-rate': minorUnits,
  /** minor units per accepted task (fixed pricing) */
  'fixed-price': minorUnits,
  /** minor units (kind money) or minutes (kind minutes); null: no cap */
  'budget-cap': minorUnits.nullable(),
  'budget-cap-kind': z.enum(BUDGET_CAP_KINDS).nullable(),
  /** basis points: 2000 is 20 % */
  'tax-rate': z.number().int().min(0).max(10000),
});
export type BillingTermsInput = z.infer<typeof billingTermsInputSchema>;

export const invoiceDraftInputSchema = z
  .object({ 'period-start': isoDate, 'period-end': isoDate })
  .refine((v) => v['period-start'] <= v['period-end'], {
    message: 'The period ends before it starts',
    path: ['period-end'],
  });
export type InvoiceDraftInput = z.infer<typeof invoiceDraftInputSchema>;

/** A draft's edits: line texts, lines removed (their tasks go back to the pool), one discount. */
export const invoicePatchSchema = z.object({
  lines: z
    .array(z.object({ id: z.string().regex(/^\d+$/), description: z.string().min(1).max(500) }))
    .max(2000)
    .optional(),
  'remove-line-ids': z.array(z.string().regex(/^\d+$/)).max(2000).optional(),
  /** minor units taken off the total; 0 removes the discount line */
  discount: minorUnits.optional(),
  'discount-text': z.string().min(1).max(500).optional(),
});
export type InvoicePatch = z.infer<typeof invoicePatchSchema>;
