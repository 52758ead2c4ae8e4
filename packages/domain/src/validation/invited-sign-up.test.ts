import { describe, expect, it } from 'vitest';
import { invitedSignUpFormSchema, invitedSignUpSchema } from './invited-sign-up.ts';
import { errorsOf } from './test-helpers.ts';

const form = { email: 'ann@x.io', name: 'Al', phone: '+14155550199', password: 'secret', timezone: 'UTC' };

describe('invited sign-up', () => {
  it('accepts the minimums', () => {
    expect(invitedSignUpFormSchema.safeParse(form).success).toBe(true);
  });

  it('flags each field', () => {
    expect(
      errorsOf(invitedSignUpFormSchema, { email: 'a@b', name: 'A', phone: '5', password: '12345' }),
    ).toEqual({
      email: ['Please, input correct e-mail address.'],
      name: ['Minimum 2 characters'],
      phone: ['Minimum 2 characters'],
      password: ['Minimum 6 Characters'],
    });
  });

  it('rejects a valid-looking but too short e-mail', () => {
    // 'a@b.c' fails the pattern anyway; minimum 5 is met by every valid address.
    expect(invitedSignUpFormSchema.safeParse({ ...form, email: 'a@bc' }).success).toBe(false);
  });

  it('needs the invitation token on the wire', () => {
    expect(Object.keys(errorsOf(invitedSignUpSchema, form))).toEqual(['token']);
    expect(invitedSignUpSchema.safeParse({ ...form, token: 'abc' }).success).toBe(true);
  });
});
