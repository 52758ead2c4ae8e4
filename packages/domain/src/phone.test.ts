import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone, phoneHref } from './phone.ts';

describe('phones (docs/product.md §F13)', () => {
  it('reads a number typed internationally, with or without +, 00 and punctuation, as E.164', () => {
    expect(normalizePhone('+1 (415) 555-0199')).toBe('+14155550199');
    expect(normalizePhone('1 415 555 0199')).toBe('+14155550199');
    expect(normalizePhone('0044 20 7946 4343')).toBe('+442079464343');
    expect(normalizePhone('+49 30/123.456-78')).toBe('+493012345678');
    expect(normalizePhone(' +923001234567 ')).toBe('+923001234567');
  });

  it('refuses letters, extensions, too few digits and numbers no country uses', () => {
    for (const typed of ['abc', '', '+', '+1 415 555 0199 ext 2', '12ab', '5550100', '+1 555 0100', '0000'])
      expect(normalizePhone(typed), typed).toBeNull();
  });

  it('shows a valid stored number internationally or nationally, anything else as it was', () => {
    expect(formatPhone('+14155550199')).toBe('+1 415 555 0199');
    expect(formatPhone('+14155550199', 'national')).toBe('(415) 555-0199');
    expect(formatPhone('+442079464343')).toBe('+44 20 7946 4343');
    expect(formatPhone('5550100')).toBe('5550100');
    expect(formatPhone('abc')).toBe('abc');
    expect(formatPhone(null)).toBe('');
  });

  it('links only a valid number, to its E.164 form', () => {
    expect(phoneHref('+1 415 555 0199')).toBe('tel:+14155550199');
    expect(phoneHref('abc')).toBeNull();
    expect(phoneHref('')).toBeNull();
  });
});
