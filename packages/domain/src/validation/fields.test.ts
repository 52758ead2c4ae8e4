import { describe, expect, it } from 'vitest';
import { idField, isNumericZero, nonZeroTextField, optionalIdField, textField } from './fields.ts';

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

  it('optionalIdField maps unset values to null', () => {
    expect(optionalIdField.parse(undefined)).toBeNull();
    expect(optionalIdField.parse('')).toBeNull();
    expect(optionalIdField.parse(null)).toBeNull();
    expect(optionalIdField.parse('4')).toBe(4);
  });
});
