import { describe, expect, it } from 'vitest';
import { loginSchema } from './login.ts';
import { firstError } from './test-helpers.ts';

describe('loginSchema', () => {
  it('accepts a login and a 6-character password', () => {
    expect(loginSchema.parse({ login: ' ann ', password: 'secret', remember: '1' })).toEqual({
      login: 'ann',
      password: 'secret',
      remember: '1',
    });
  });

  it('requires a login', () => {
    expect(firstError(loginSchema, { login: ' ', password: 'secret' }, 'login')).toBe(
      'Please, input correct login.',
    );
    expect(firstError(loginSchema, { password: 'secret' }, 'login')).toBe('Please, input correct login.');
  });

  it('requires a password of at least 6 characters', () => {
    expect(firstError(loginSchema, { login: 'ann', password: '12345' }, 'password')).toBe(
      'Sorry, password is incorrect',
    );
  });
});
