import { describe, expect, it } from 'vitest';
import { forgotPasswordSchema } from './forgot-password.ts';
import { firstError } from './test-helpers.ts';

describe('forgotPasswordSchema', () => {
  it('accepts a valid e-mail with the redirect url', () => {
    expect(
      forgotPasswordSchema.parse({ email: 'ann@example.com', redirect_url: 'https://x.io/c' }).email,
    ).toBe('ann@example.com');
  });
  it.each(['', 'ann', 'ann@example'])('rejects %j', (email) => {
    expect(firstError(forgotPasswordSchema, { email }, 'email')).toBe(
      'Please, input correct e-mail address.',
    );
  });
});
