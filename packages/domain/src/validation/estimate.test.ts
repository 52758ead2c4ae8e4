import { describe, expect, it } from 'vitest';
import { normalizeEstimateInput } from './estimate.ts';

describe('normalizeEstimateInput', () => {
  it.each([
    ['05', '5'],
    ['007', '7'],
    ['0', '0'],
    ['0.5', '0.5'],
    ['12', '12'],
    ['', ''],
    ['123456789012345678', '12345678901234'],
    ['000000000000000012', '12'],
  ])('%j → %j', (input, expected) => expect(normalizeEstimateInput(input)).toBe(expected));
});
