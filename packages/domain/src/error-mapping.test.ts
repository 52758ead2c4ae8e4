import { describe, expect, it } from 'vitest';
import { ERROR_CODE_STATUS, errorCodeOfStatus } from './error-codes.ts';
import {
  invitedSignUpEmailErrorText,
  isTakenCode,
  linkErrorText,
  registerClientErrorText,
  scheduleFailureOutcome,
} from './error-mapping.ts';

describe('registerClientErrorText', () => {
  it('shows the taken texts for their codes and anything else as Exception', () => {
    expect(registerClientErrorText('email_taken')).toBe('Email is already taken');
    expect(registerClientErrorText('login_taken')).toBe('Login is already taken');
    expect(registerClientErrorText('internal')).toBe('Exception');
    expect(registerClientErrorText(undefined)).toBe('Exception');
  });
});

describe('invitedSignUpEmailErrorText', () => {
  it('maps the taken code, an invalid email, and any other failure', () => {
    expect(invitedSignUpEmailErrorText('email_taken', true)).toBe('Email is already taken.');
    expect(invitedSignUpEmailErrorText(undefined, false)).toBe('Please, input correct e-mail address.');
    expect(invitedSignUpEmailErrorText('unprocessable', true)).toBe('Sorry, this email occupied.');
  });
});

describe('isTakenCode', () => {
  it('recognises both taken codes only', () => {
    expect(isTakenCode('email_taken')).toBe(true);
    expect(isTakenCode('login_taken')).toBe(true);
    expect(isTakenCode('email_registered')).toBe(false);
  });
});

describe('scheduleFailureOutcome', () => {
  it('treats a blacklisted phone as a request sent, not as a scheduled call', () => {
    expect(scheduleFailureOutcome(403, 'phone_blacklisted')).toEqual({
      kind: 'success',
      toast: 'Request sent — we will confirm by e-mail',
    });
  });
  it('treats any other 403 as a taken slot', () => {
    expect(scheduleFailureOutcome(403, 'forbidden').kind).toBe('slot-taken');
    expect(scheduleFailureOutcome(403, undefined).toast).toBe(
      'Sorry this time slot has been booked few minutes ago. Please, choose another time',
    );
  });
  it('shows the generic toast for other statuses', () => {
    expect(scheduleFailureOutcome(500, 'internal').kind).toBe('generic');
  });
});

describe('linkErrorText', () => {
  it('shows Invald link for a refused URL and the upload error otherwise', () => {
    expect(linkErrorText('unprocessable')).toBe('Invald link');
    expect(linkErrorText('internal')).toBe('Uploading error');
  });
});

describe('error codes', () => {
  it('give each general status its code, and each code the status it answers with', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 503, 507])
      expect(ERROR_CODE_STATUS[errorCodeOfStatus(status)]).toBe(status);
    expect(errorCodeOfStatus(502)).toBe('internal');
    expect(errorCodeOfStatus(418)).toBe('bad_request');
  });
});
