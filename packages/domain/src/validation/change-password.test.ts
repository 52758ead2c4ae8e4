import { describe, expect, it } from 'vitest';
import { changePasswordFormSchema, userPasswordSchema } from './change-password.ts';
import { errorsOf } from './test-helpers.ts';

describe('changePasswordFormSchema', () => {
  it('accepts two equal passwords of 6+ characters', () => {
    expect(changePasswordFormSchema.safeParse({ password: 'secret', confirm: 'secret' }).success).toBe(true);
  });
  it('flags short passwords on each field', () => {
    expect(errorsOf(changePasswordFormSchema, { password: '12345', confirm: '123' })).toEqual({
      password: ['Minimum 6 Characters'],
      confirm: ['Minimum 6 Characters'],
    });
  });
  it('flags a mismatch on the confirm field', () => {
    expect(errorsOf(changePasswordFormSchema, { password: 'secret1', confirm: 'secret2' })).toEqual({
      confirm: ["Passwords don't match."],
    });
  });
  it('does not trim passwords', () => {
    expect(userPasswordSchema.parse({ password: ' pass ' }).password).toBe(' pass ');
  });
});
