import { describe, expect, it } from 'vitest';
import {
  invitedSignUpEmailErrorText,
  isTakenTitle,
  linkErrorText,
  registerClientErrorText,
  scheduleFailureOutcome,
} from './error-mapping.ts';

describe('registerClientErrorText', () => {
  it('shows the taken titles as they come and anything else as Exception', () => {
    expect(registerClientErrorText('Email is already taken')).toBe('Email is already taken');
    expect(registerClientErrorText('Login is already taken')).toBe('Login is already taken');
    expect(registerClientErrorText('Database down')).toBe('Exception');
    expect(registerClientErrorText(undefined)).toBe('Exception');
  });
});

describe('invitedSignUpEmailErrorText', () => {
  it('maps the taken title, an invalid email, and any other failure', () => {
    expect(invitedSignUpEmailErrorText('Email is already taken', true)).toBe('Email is already taken.');
    expect(invitedSignUpEmailErrorText(undefined, false)).toBe('Please, input correct e-mail address.');
    expect(invitedSignUpEmailErrorText('Other', true)).toBe('Sorry, this email occupied.');
  });
});

describe('isTakenTitle', () => {
  it('recognises both taken titles only', () => {
    expect(isTakenTitle('Email is already taken')).toBe(true);
    expect(isTakenTitle('Login is already taken')).toBe(true);
    expect(isTakenTitle('Email is already taken.')).toBe(false);
  });
});

describe('scheduleFailureOutcome', () => {
  it('treats a blacklisted phone as a request sent, not as a scheduled call', () => {
    expect(scheduleFailureOutcome(403, 'User phone is blacklisted')).toEqual({
      kind: 'success',
      toast: 'Request sent — we will confirm by e-mail',
    });
  });
  it('treats any other 403 as a taken slot', () => {
    expect(scheduleFailureOutcome(403, 'Forbidden').kind).toBe('slot-taken');
    expect(scheduleFailureOutcome(403, undefined).toast).toBe(
      'Sorry this time slot has been booked few minutes ago. Please, choose another time',
    );
  });
  it('shows the generic toast for other statuses', () => {
    expect(scheduleFailureOutcome(500, 'User phone is blacklisted').kind).toBe('generic');
  });
});

describe('linkErrorText', () => {
  it('shows Invald link for the invalid URL title', () => {
    expect(linkErrorText('Url is not a valid URL.')).toBe('Invald link');
    expect(linkErrorText('boom')).toBe('Uploading error');
  });
});
