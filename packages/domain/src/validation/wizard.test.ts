import { describe, expect, it } from 'vitest';
import { errorsOf, firstError } from './test-helpers.ts';
import {
  canLeaveWizardStep,
  isSkippableWizardStep,
  wizardDescriptionSchema,
  wizardNextStep,
  wizardPreviousStep,
  wizardStep6MemberSchema,
  wizardStep6VisitorSchema,
} from './wizard.ts';

const visitor = {
  title: 'Shop app',
  name: 'Ann Lee',
  email: 'ann@example.com',
  phone: '14155550199',
  password: 'secret',
};

describe('wizard step 6 for visitors', () => {
  it('accepts a complete account request', () => {
    expect(wizardStep6VisitorSchema.parse(visitor)).toEqual({ ...visitor, phone: '+14155550199' });
  });

  it('accepts a phone written with its country code and punctuation, given on as E.164', () => {
    const typed = { ...visitor, phone: '+1 (415) 555-0199' };
    expect(wizardStep6VisitorSchema.parse(typed).phone).toBe('+14155550199');
  });

  it('gives each field its spec message', () => {
    expect(
      errorsOf(wizardStep6VisitorSchema, {
        title: 'ab',
        name: 'ab',
        email: 'a@',
        phone: '+1 555',
        password: '123',
      }),
    ).toEqual({
      title: ['Please, input correct title'],
      name: ['Minimum 3 characters'],
      email: ['Please, input correct e-mail address.'],
      phone: ['Enter Correct Phone Number'],
      password: ['Minimum 6 Characters'],
    });
  });

  it('treats empty or zero values as errors', () => {
    const zero = { title: '000', name: '000', email: '', phone: '0000', password: '000000' };
    expect(Object.keys(errorsOf(wizardStep6VisitorSchema, zero)).sort()).toEqual([
      'email',
      'name',
      'password',
      'phone',
      'title',
    ]);
    expect(Object.keys(errorsOf(wizardStep6VisitorSchema, {})).sort()).toEqual([
      'email',
      'name',
      'password',
      'phone',
      'title',
    ]);
  });
});

describe('wizard step 6 for signed-in users', () => {
  it('needs only a title', () => {
    expect(wizardStep6MemberSchema.safeParse({ title: 'Shop app' }).success).toBe(true);
    expect(firstError(wizardStep6MemberSchema, { title: '  ' }, 'title')).toBe('Please, input correct title');
  });
});

describe('wizard description', () => {
  it('allows up to 2048 characters', () => {
    expect(wizardDescriptionSchema.safeParse('x'.repeat(2048)).success).toBe(true);
    expect(wizardDescriptionSchema.safeParse('x'.repeat(2049)).success).toBe(false);
    expect(wizardDescriptionSchema.safeParse('').success).toBe(true);
  });
});

describe('wizard steps', () => {
  it('moves one step at a time, clamped to 1..6', () => {
    expect(wizardNextStep(1, false)).toBe(2);
    expect(wizardNextStep(4, false)).toBe(5);
    expect(wizardNextStep(6, false)).toBe(6);
    expect(wizardPreviousStep(1, false)).toBe(1);
    expect(wizardPreviousStep(6, false)).toBe(5);
  });
  it('jumps from 4 to 6 and back for a signed-in user', () => {
    expect(wizardNextStep(4, true)).toBe(6);
    expect(wizardPreviousStep(6, true)).toBe(4);
  });
  it('blocks Next without the required choice', () => {
    expect(canLeaveWizardStep(1, {})).toBe(false);
    expect(canLeaveWizardStep(1, { projectStateId: 2 })).toBe(true);
    expect(canLeaveWizardStep(4, { projectStateId: 2 })).toBe(false);
    expect(canLeaveWizardStep(4, { projectBudgetId: 1 })).toBe(true);
    expect(canLeaveWizardStep(5, { companySizeId: null })).toBe(false);
    expect(canLeaveWizardStep(2, {})).toBe(true);
  });
  it('offers Skip on steps 2 and 3 only', () => {
    expect([1, 2, 3, 4, 5, 6].filter(isSkippableWizardStep)).toEqual([2, 3]);
  });
});
