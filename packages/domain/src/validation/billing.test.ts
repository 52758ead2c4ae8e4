import { describe, expect, it } from 'vitest';
import {
  billingTermsInputSchema,
  invoiceDraftInputSchema,
  timeEntryInputSchema,
  timerInputSchema,
} from './billing.ts';

describe('billing schemas', () => {
  it('takes whole minutes only, never a fraction', () => {
    expect(timeEntryInputSchema.safeParse({ minutes: 90, date: '2026-12-03' }).success).toBe(true);
    expect(timeEntryInputSchema.safeParse({ minutes: 1.5, date: '2026-12-03' }).success).toBe(false);
    expect(timeEntryInputSchema.safeParse({ minutes: 0, date: '2026-12-03' }).success).toBe(false);
    expect(timeEntryInputSchema.safeParse({ minutes: 30, date: '3.12.2026' }).success).toBe(false);
  });

  it('takes money as integer minor units and an ISO 4217 currency', () => {
    const terms = {
      pricing: 'hourly',
      currency: 'EUR',
      'hourly-rate': 9000,
      'fixed-price': 0,
      'budget-cap': 500000,
      'budget-cap-kind': 'money',
      'tax-rate': 2000,
    };
    expect(billingTermsInputSchema.safeParse(terms).success).toBe(true);
    expect(billingTermsInputSchema.safeParse({ ...terms, 'hourly-rate': 90.5 }).success).toBe(false);
    expect(billingTermsInputSchema.safeParse({ ...terms, currency: 'EURO' }).success).toBe(false);
    expect(billingTermsInputSchema.safeParse({ ...terms, 'tax-rate': 0.2 }).success).toBe(false);
  });

  it('refuses a period that ends before it starts', () => {
    expect(
      invoiceDraftInputSchema.safeParse({ 'period-start': '2026-12-01', 'period-end': '2026-12-31' }).success,
    ).toBe(true);
    expect(
      invoiceDraftInputSchema.safeParse({ 'period-start': '2026-12-31', 'period-end': '2026-12-01' }).success,
    ).toBe(false);
  });

  it('starts a timer on a task or stops the running one', () => {
    expect(timerInputSchema.safeParse({ action: 'start', 'task-id': '12' }).success).toBe(true);
    expect(timerInputSchema.safeParse({ action: 'stop' }).success).toBe(true);
    expect(timerInputSchema.safeParse({ action: 'start' }).success).toBe(false);
  });
});
