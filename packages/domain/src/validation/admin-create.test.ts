import { describe, expect, it } from 'vitest';
import {
  adminCreateCompanySchema,
  adminCreateProjectSchema,
  adminCreateTeamSchema,
  adminCreateUserSchema,
  adminRelationshipsSchema,
  relationshipIds,
} from './admin-create.ts';
import { errorsOf } from './test-helpers.ts';

const user = {
  role: 'developer',
  name: 'Al',
  email: 'al@x.io',
  password: 'secret',
  phone: '+1 415 555 0199',
};

describe('adminCreateUserSchema', () => {
  it('accepts a complete user, with or without phone', () => {
    expect(adminCreateUserSchema.safeParse(user).success).toBe(true);
    const { phone: _p, ...noPhone } = user;
    expect(adminCreateUserSchema.safeParse(noPhone).success).toBe(true);
  });

  it('enforces the minimums', () => {
    expect(
      errorsOf(adminCreateUserSchema, { ...user, name: 'A', email: 'x', password: '12345', phone: '12' }),
    ).toEqual({
      name: ['Minimum 2 characters'],
      email: ['Invalid email'],
      password: ['Minimum 6 Characters'],
      phone: ['Minimum 3 characters'],
    });
  });

  it('rejects zero-valued name and password', () => {
    const errors = errorsOf(adminCreateUserSchema, { ...user, name: '00', password: '000000' });
    expect(Object.keys(errors).sort()).toEqual(['name', 'password']);
  });

  it('requires a known role', () => {
    expect(Object.keys(errorsOf(adminCreateUserSchema, { ...user, role: '' }))).toEqual(['role']);
  });
});

describe('adminCreateCompanySchema', () => {
  it('needs a name of 2+ that is not zero', () => {
    expect(adminCreateCompanySchema.parse({ title: 'Ac', 'company-size-id': '2' })['company-size-id']).toBe(
      2,
    );
    expect(adminCreateCompanySchema.safeParse({ title: 'A' }).success).toBe(false);
    expect(adminCreateCompanySchema.safeParse({ title: '00' }).success).toBe(false);
  });
});

describe('adminCreateTeamSchema', () => {
  it('needs title and punch-line of 2+', () => {
    expect(adminCreateTeamSchema.safeParse({ title: 'Al', 'punch-line': 'Go' }).success).toBe(true);
    expect(Object.keys(errorsOf(adminCreateTeamSchema, { title: 'A', 'punch-line': 'G' })).sort()).toEqual([
      'punch-line',
      'title',
    ]);
  });
});

describe('adminCreateProjectSchema', () => {
  it('needs a title of 2+ that is not zero', () => {
    expect(adminCreateProjectSchema.safeParse({ title: 'Go' }).success).toBe(true);
    expect(adminCreateProjectSchema.safeParse({}).success).toBe(false);
    expect(adminCreateProjectSchema.safeParse({ title: '0' }).success).toBe(false);
    expect(adminCreateProjectSchema.safeParse({ title: '0.0' }).success).toBe(false);
  });
});

describe('adminRelationshipsSchema and relationshipIds', () => {
  it('reads a list, a single reference or null, and the first name present', () => {
    const rels = adminRelationshipsSchema.parse({
      team: {
        data: [
          { type: 'team', id: '3' },
          { type: 'team', id: 3 },
          { type: 'team', id: '4' },
        ],
      },
      company: { data: { type: 'company', id: '9' } },
      techs: { data: null },
    });
    expect(relationshipIds(rels, 'team')).toEqual([3, 4]);
    expect(relationshipIds(rels, 'company')).toEqual([9]);
    expect(relationshipIds(rels, 'tech', 'techs')).toEqual([]);
    expect(relationshipIds(rels, 'developer')).toBeUndefined();
  });
  it('rejects ids that are not positive whole numbers', () => {
    expect(adminRelationshipsSchema.safeParse({ team: { data: [{ type: 'team', id: 'x' }] } }).success).toBe(
      false,
    );
    expect(adminRelationshipsSchema.safeParse({ team: { data: [{ type: 'team', id: -1 }] } }).success).toBe(
      false,
    );
  });
});
