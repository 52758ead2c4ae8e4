import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, isValidEmail, sanitizeForgotEmailInput } from './email.ts';

describe('isValidEmail', () => {
  it.each(['ann@example.com', 'a.b%c+d-e@mail.example.co.uk', 'X9@sub-domain.io', ' ann@example.com '])(
    'accepts %s',
    (email) => expect(isValidEmail(email)).toBe(true),
  );

  it.each([
    'ann',
    'ann@',
    'ann@example',
    'ann@example.c',
    'ann_b@example.com',
    'ann b@example.com',
    '@example.com',
    'ann@@example.com',
    'ann@.com',
  ])('rejects %s', (email) => expect(isValidEmail(email)).toBe(false));

  it('exports the pattern itself for HTML pattern attributes', () => {
    expect(EMAIL_PATTERN.test('ann@example.com')).toBe(true);
  });
});

describe('sanitizeForgotEmailInput', () => {
  it('keeps letters, digits and - @ . _ ! ( ) only', () => {
    expect(sanitizeForgotEmailInput('a n#n_(1)!@ex-ample.com;')).toBe('ann_(1)!@ex-ample.com');
  });
});
