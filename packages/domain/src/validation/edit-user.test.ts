import { describe, expect, it } from 'vitest';
import { editUserSchema, mergeLoginEmail } from './edit-user.ts';
import { errorsOf } from './test-helpers.ts';

const user = { role: 'developer', name: 'Al', login: 'al', email: 'a@b.io', phone: '', timezone: 'UTC' };

describe('editUserSchema', () => {
  it('accepts the minimums and an empty phone', () => {
    expect(editUserSchema.safeParse(user).success).toBe(true);
    expect(editUserSchema.safeParse({ ...user, phone: '555' }).success).toBe(true);
  });

  it('flags short fields and a malformed e-mail', () => {
    expect(errorsOf(editUserSchema, { ...user, name: 'A', login: '', email: 'ab', phone: '12' })).toEqual({
      name: ['Minimum 2 characters'],
      login: ['Minimum 2 characters'],
      email: ['Invalid email'],
      phone: ['Minimum 3 characters'],
    });
  });

  it('ignores an empty role choice', () => {
    const { role: _r, ...withoutRole } = user;
    expect(editUserSchema.safeParse(withoutRole).success).toBe(true);
    expect(editUserSchema.safeParse({ ...user, role: 'owner' }).success).toBe(false);
  });
});

describe('mergeLoginEmail', () => {
  const old = { login: 'annlee', email: 'ann@example.com' };
  it('keeps the old login unless the new one is longer than 3', () => {
    expect(mergeLoginEmail(old, { login: 'ann', email: old.email }).login).toBe('annlee');
    expect(mergeLoginEmail(old, { login: 'anna', email: old.email }).login).toBe('anna');
  });
  it('keeps the old email unless the new one is longer than 5', () => {
    expect(mergeLoginEmail(old, { login: old.login, email: 'a@b.c' }).email).toBe('ann@example.com');
    expect(mergeLoginEmail(old, { login: old.login, email: 'a@b.io' }).email).toBe('a@b.io');
  });
});
