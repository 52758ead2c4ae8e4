import { describe, expect, it } from 'vitest';
import { editUserSchema, mayAssignRole, mergeLoginEmail, ROLE_EXTRAS, roleHasExtra } from './edit-user.ts';
import { errorsOf } from './test-helpers.ts';

const user = { role: 'developer', name: 'Al', login: 'al', email: 'a@b.io', phone: '', timezone: 'UTC' };

describe('editUserSchema', () => {
  it('accepts the minimums and an empty phone', () => {
    expect(editUserSchema.safeParse(user).success).toBe(true);
    expect(editUserSchema.safeParse({ ...user, phone: '+1 415 555 0199' }).success).toBe(true);
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

describe('role extras and who may assign a role', () => {
  it('gives a client a company, a projectManager teams, a developer teams and techs', () => {
    expect(ROLE_EXTRAS.client).toEqual(['company']);
    expect(ROLE_EXTRAS.projectManager).toEqual(['team']);
    expect(ROLE_EXTRAS.developer).toEqual(['team', 'tech']);
    expect(roleHasExtra('admin', 'team')).toBe(false);
  });
  it('turns an empty role choice into no change', () => {
    const parsed = editUserSchema.parse({ ...user, role: '' });
    expect(parsed.role).toBeUndefined();
  });
  it('lets only a superAdmin touch superAdmins', () => {
    expect(mayAssignRole('admin', 'developer', 'projectManager')).toBe(true);
    expect(mayAssignRole('admin', 'superAdmin', 'superAdmin')).toBe(false);
    expect(mayAssignRole('admin', null, 'superAdmin')).toBe(false);
    expect(mayAssignRole('superAdmin', 'superAdmin', 'admin')).toBe(true);
    expect(mayAssignRole('developer', 'client', 'client')).toBe(false);
  });
});
