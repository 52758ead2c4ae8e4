import { describe, expect, it } from 'vitest';
import {
  amountForMinutes,
  formatInvoiceNumber,
  formatMinorUnits,
  parseDecimalToMinorUnits,
  taxForAmount,
} from './money.ts';

describe('money in minor units', () => {
  it('formats minor units as a decimal string for the currency', () => {
    expect(formatMinorUnits(123456, 'EUR')).toBe('1234.56');
    expect(formatMinorUnits(5, 'EUR')).toBe('0.05');
    expect(formatMinorUnits(-5, 'EUR')).toBe('-0.05');
    expect(formatMinorUnits(0, 'USD')).toBe('0.00');
    expect(formatMinorUnits(1500, 'JPY')).toBe('1500');
    expect(formatMinorUnits(1234, 'KWD')).toBe('1.234');
    expect(formatMinorUnits(9007199254740991n, 'EUR')).toBe('90071992547409.91');
  });

  it('refuses a non-integer amount rather than round it', () => {
    expect(() => formatMinorUnits(0.1, 'EUR')).toThrow(RangeError);
  });

  it('parses decimals back without floating point and refuses extra precision', () => {
    expect(parseDecimalToMinorUnits('1234.5', 'EUR')).toBe(123450);
    expect(parseDecimalToMinorUnits('0.10', 'EUR')).toBe(10);
    expect(parseDecimalToMinorUnits('-3', 'EUR')).toBe(-300);
    expect(parseDecimalToMinorUnits('1500', 'JPY')).toBe(1500);
    expect(parseDecimalToMinorUnits('1.001', 'EUR')).toBeNull();
    expect(parseDecimalToMinorUnits('1e3', 'EUR')).toBeNull();
    expect(parseDecimalToMinorUnits('', 'EUR')).toBeNull();
  });

  it('prices minutes at an hourly rate, rounding half a minor unit away from zero', () => {
    expect(amountForMinutes(90, 10000)).toBe(15000);
    // 1 minute at 0.01 an hour is 1/60 of a cent: 0; 30 minutes at 0.01 is half a cent: 1.
    expect(amountForMinutes(1, 1)).toBe(0);
    expect(amountForMinutes(30, 1)).toBe(1);
    // 0.1 + 0.2 style sums stay exact: 3 × 20 minutes at 0.03 is 3 cents, not 2.9999.
    expect(amountForMinutes(20, 3) * 3).toBe(3);
  });

  it('computes tax in basis points', () => {
    expect(taxForAmount(10000, 2000)).toBe(2000);
    expect(taxForAmount(333, 1900)).toBe(63);
    expect(taxForAmount(-1000, 2000)).toBe(-200);
  });

  it('numbers invoices per year, four digits at least', () => {
    expect(formatInvoiceNumber(2026, 1)).toBe('INV-2026-0001');
    expect(formatInvoiceNumber(2026, 12345)).toBe('INV-2026-12345');
  });
});
