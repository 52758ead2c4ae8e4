import { describe, expect, it } from 'vitest';
import {
  companyUpdateSchema,
  ownerDetailsSchema,
  projectDetailsFormSchema,
  projectSaveSchema,
} from './project-details.ts';
import { errorsOf, firstError } from './test-helpers.ts';

describe('project details', () => {
  it('flags a blank or short title with docs/product.md text', () => {
    expect(firstError(projectSaveSchema, { title: '   ' }, 'title')).toBe('Invalid project title');
    expect(firstError(projectSaveSchema, { title: 'ab' }, 'title')).toBe('Invalid project title');
  });

  it('parses project lookups as ids or null', () => {
    const parsed = projectSaveSchema.parse({
      title: 'Shop',
      'project-size-id': '3',
      'project-budget-id': '',
    });
    expect(parsed['project-size-id']).toBe(3);
    expect(parsed['project-budget-id']).toBeNull();
  });

  it('flags a blank company name', () => {
    expect(firstError(companyUpdateSchema, { title: '' }, 'title')).toBe('Invalid company name');
    expect(companyUpdateSchema.parse({ title: 'Acme', 'company-size-id': null })).toEqual({
      title: 'Acme',
      'company-size-id': null,
    });
  });

  it('flags an invalid owner e-mail', () => {
    expect(
      firstError(ownerDetailsSchema, { name: 'Ann', email: 'ann@x', phone: '+14155550199' }, 'email'),
    ).toBe('Invalid email');
    expect(
      ownerDetailsSchema.safeParse({
        name: 'Ann',
        email: 'ann@x.io',
        phone: '+14155550199',
        'help-needed': 'not_sure',
      }).success,
    ).toBe(true);
  });

  it('validates the owner only when the form includes changed owner details', () => {
    expect(projectDetailsFormSchema.safeParse({ title: 'Shop', 'company-title': 'Acme' }).success).toBe(true);
    expect(
      errorsOf(projectDetailsFormSchema, {
        title: 'Shop',
        'company-title': 'Acme',
        owner: { name: 'Ann', email: 'bad', phone: '+14155550199' },
      }),
    ).toEqual({ 'owner.email': ['Invalid email'] });
  });
});
