import { describe, expect, it } from 'vitest';
import {
  HELP_NEEDED,
  HELP_NEEDED_LABELS,
  HELP_NEEDED_OPTIONS,
  isAdminRole,
  isRole,
  isStaffRole,
  ROLE_LABELS,
  ROLES,
} from './roles.ts';

describe('roles', () => {
  it('has the fixed list of eight roles', () => {
    expect(ROLES).toEqual([
      'client',
      'superAdmin',
      'admin',
      'accountManager',
      'developer',
      'projectManager',
      'readonlyManager',
      'assistant',
    ]);
  });

  it('labels each role as docs/product.md names it', () => {
    expect(ROLE_LABELS.client).toBe('Product owner');
    expect(ROLE_LABELS.superAdmin).toBe('Grand admin');
    expect(ROLE_LABELS.readonlyManager).toBe('Readonly manager');
    expect(Object.keys(ROLE_LABELS).sort()).toEqual([...ROLES].sort());
  });

  it('treats only admin and superAdmin as admin-level', () => {
    expect(ROLES.filter(isAdminRole)).toEqual(['superAdmin', 'admin']);
  });

  it('treats everyone but the client as staff', () => {
    expect(ROLES.filter((r) => !isStaffRole(r))).toEqual(['client']);
  });

  it('recognises role names', () => {
    expect(isRole('developer')).toBe(true);
    expect(isRole('owner')).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });

  it('offers help-needed options with their labels', () => {
    expect(HELP_NEEDED).toEqual(['yes', 'no', 'not_sure']);
    expect(HELP_NEEDED_LABELS).toEqual({ yes: 'Needed', no: 'Not needed', not_sure: 'Maybe' });
    expect(HELP_NEEDED_OPTIONS[2]).toEqual({ value: 'not_sure', label: 'Maybe' });
  });
});
