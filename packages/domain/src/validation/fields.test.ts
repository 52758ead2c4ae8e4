import { describe, expect, it } from 'vitest';
import { idField, isNumericZero, nonZeroTextField, optionalIdField, parseId, textField } from './fields.ts';

describe('isNumericZero', () => {
  it.each(['0', '00', ' 0 ', '0.0', '-0'])('%j is zero', (v) => expect(isNumericZero(v)).toBe(true));
  it.each(['', '  ', '1', 'zero', '0a'])('%j is not zero', (v) => expect(isNumericZero(v)).toBe(false));
});

describe('field builders', () => {
  it('textField trims, then checks the minimum with one message, also for a missing value', () => {
    const f = textField('bad', 3);
    expect(f.parse('  abc ')).toBe('abc');
    expect(f.safeParse(' ab ').error?.issues[0]?.message).toBe('bad');
    expect(f.safeParse(undefined).error?.issues[0]?.message).toBe('bad');
  });

  it('nonZeroTextField rejects zero-valued text', () => {
    expect(nonZeroTextField('bad').safeParse('000').success).toBe(false);
    expect(nonZeroTextField('bad').safeParse('007').success).toBe(true);
  });

  it('idField accepts numeric strings and numbers', () => {
    expect(idField.parse('12')).toBe(12);
    expect(idField.parse(3)).toBe(3);
    expect(idField.safeParse('0').success).toBe(false);
    expect(idField.safeParse('x').success).toBe(false);
  });

  it('optionalIdField clears with null or empty and leaves a missing value undefined', () => {
    // Left out of a PATCH, the field stays as it is (docs/product.md §F4).
    expect(optionalIdField.parse(undefined)).toBeUndefined();
    expect(optionalIdField.parse('')).toBeNull();
    expect(optionalIdField.parse(null)).toBeNull();
    expect(optionalIdField.parse('4')).toBe(4);
  });

  it('idField accepts ids up to PostgreSQL integer and nothing above', () => {
    expect(idField.parse('2147483647')).toBe(2_147_483_647);
    for (const bad of ['2147483648', 2 ** 53, 0, -1, '1.5', 'abc'])
      expect(idField.safeParse(bad).success).toBe(false);
  });

  it('text fields are capped, with the cap in the message', () => {
    expect(textField('Required').safeParse('x'.repeat(255)).success).toBe(true);
    const long = textField('Required').safeParse('x'.repeat(256));
    expect(long.error?.issues[0]?.message).toBe('Maximum 255 characters');
  });
});

describe('parseId and idField: digits only, at most 2,147,483,647', () => {
  it('reads plain ids, as digits or as JSON numbers', () => {
    for (const [value, id] of [
      ['1', 1],
      ['2147483647', 2_147_483_647],
      [42, 42],
    ] as const) {
      expect(parseId(value)).toBe(id);
      expect(idField.parse(value)).toBe(id);
    }
  });

  it('refuses every other spelling', () => {
    for (const value of [
      ' 1',
      '1 ',
      '0x3',
      '3.0',
      '1e3',
      '+1',
      '-1',
      '01',
      '0',
      '',
      '1_000',
      '٣',
      '2147483648',
      '99999999999',
      0,
      -1,
      1.5,
      2 ** 31,
      Number.NaN,
      null,
      true,
    ]) {
      expect(parseId(value), JSON.stringify(value)).toBeNull();
      expect(idField.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });
});
