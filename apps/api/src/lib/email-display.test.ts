import { describe, expect, it } from 'vitest';
import { emailForDisplay } from './email-display.ts';

describe('emailForDisplay', () => {
  it('shows an internationalised domain in Unicode and leaves the rest as stored', () => {
    expect(emailForDisplay('info@xn--mller-kva.de')).toBe('info@müller.de');
    expect(emailForDisplay('info@xn--e1afmkfd.xn--p1ai')).toBe('info@пример.рф');
    expect(emailForDisplay("o'brien@client.ie")).toBe("o'brien@client.ie");
    expect(emailForDisplay('ann.login')).toBe('ann.login');
  });
});
