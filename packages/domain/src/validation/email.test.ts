import { describe, expect, it } from 'vitest';
import { emailToAscii, isValidEmail, sanitizeForgotEmailInput } from './email.ts';

describe('isValidEmail', () => {
  it.each([
    'ann@example.com',
    'a.b%c+d-e@mail.example.co.uk',
    'X9@sub-domain.io',
    ' ann@example.com ',
    // Addresses real clients have, refused by the spec's original pattern (docs/product.md §C5).
    'priya_shah@client.test',
    "o'brien@client.ie",
    'info@müller.de',
    'anna+dd@client.test',
    'info@пример.рф',
    "!#$%&'*+/=?^_`{|}~-@example.com",
  ])('accepts %s', (email) => expect(isValidEmail(email)).toBe(true));

  it.each([
    'ann',
    'ann@',
    'ann@example',
    'ann@example.c',
    'ann b@example.com',
    '@example.com',
    'ann@@example.com',
    'ann@.com',
    'ann@example..com',
    'ann@-example.com',
    'ann@example.com/path',
    'ann@example.com:25',
    'ann@ex%41mple.com',
    'ann@[127.0.0.1]',
    'ann@10.0.0.10',
    '"ann"@example.com',
    'jörg@example.com',
    'ann@exa mple.com',
    `ann@${'a'.repeat(64)}.com`,
    `${'a'.repeat(250)}@example.com`,
  ])('rejects %s', (email) => expect(isValidEmail(email)).toBe(false));
});

describe('emailToAscii', () => {
  it('keeps the local part as typed and stores the domain in lowercase ASCII, punycode for an IDN', () => {
    expect(emailToAscii(' info@müller.de ')).toBe('info@xn--mller-kva.de');
    expect(emailToAscii('info@MÜLLER.DE')).toBe('info@xn--mller-kva.de');
    expect(emailToAscii('info@пример.рф')).toBe('info@xn--e1afmkfd.xn--p1ai');
    expect(emailToAscii('Ann.Lee@Example.COM')).toBe('Ann.Lee@example.com');
    expect(emailToAscii("o'brien@client.ie")).toBe("o'brien@client.ie");
    // Typed in punycode already, it is the same address.
    expect(emailToAscii('info@xn--mller-kva.de')).toBe('info@xn--mller-kva.de');
    expect(emailToAscii('not an address')).toBeNull();
  });
});

describe('sanitizeForgotEmailInput', () => {
  it('keeps every character an address may have, and the spec’s ( ); drops spaces and the rest', () => {
    expect(sanitizeForgotEmailInput('a n#n_(1)!@ex-ample.com;')).toBe('an#n_(1)!@ex-ample.com');
    expect(sanitizeForgotEmailInput('anna+dd@client.test')).toBe('anna+dd@client.test');
    expect(sanitizeForgotEmailInput("o'brien@client.ie")).toBe("o'brien@client.ie");
    expect(sanitizeForgotEmailInput('info@müller.de')).toBe('info@müller.de');
    expect(sanitizeForgotEmailInput('<ann@example.com>, "x"')).toBe('ann@example.comx');
  });
});
