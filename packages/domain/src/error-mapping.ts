import type { ErrorCode } from './error-codes.ts';
import { MESSAGES, SERVER_ERRORS } from './messages.ts';

/**
 * Turns the API's error codes (packages/domain/src/error-codes.ts) into what the screen shows, as
 * docs/product.md' error catalogues describe. Screens never compare titles: a code is stable, words are not.
 */

/** Wizard, after POST /user/register-client fails (docs/product.md §C8). */
export function registerClientErrorText(code: ErrorCode | undefined): string {
  if (code === 'email_taken') return SERVER_ERRORS.emailTaken;
  if (code === 'login_taken') return SERVER_ERRORS.loginTaken;
  return MESSAGES.registerException;
}

/** Invited sign-up, the text flagged on the email field (docs/product.md §A8). */
export function invitedSignUpEmailErrorText(code: ErrorCode | undefined, emailValid: boolean): string {
  if (code === 'email_taken') return MESSAGES.emailTaken;
  if (!emailValid) return MESSAGES.emailInvalid;
  return MESSAGES.emailOccupied;
}

/** Admin create user: which failures flag the email as taken; others are only logged (docs/product.md §A8). */
export function isTakenCode(code: ErrorCode | undefined): boolean {
  return code === 'email_taken' || code === 'login_taken';
}

export type ScheduleFailureOutcome =
  | { kind: 'success'; toast: string }
  | { kind: 'slot-taken'; toast: string }
  | { kind: 'generic'; toast: string };

/**
 * Booking failure (docs/product.md §C8): a 403 for a blacklisted phone still reads as success to the caller, but
 * says what it is: a request the team confirms by e-mail (the client is mailed about rate and budget);
 * any other 403 means the slot was taken.
 */
export function scheduleFailureOutcome(status: number, code: ErrorCode | undefined): ScheduleFailureOutcome {
  if (status === 403 && code === 'phone_blacklisted')
    return { kind: 'success', toast: MESSAGES.callRequested };
  if (status === 403) return { kind: 'slot-taken', toast: MESSAGES.slotTaken };
  return { kind: 'generic', toast: MESSAGES.genericError };
}

/**
 * Link item error text: a refused URL (the one attribute the user typed, so any 422) shows 'Invald link'
 * (docs/product.md §C5). The spec names the other failure only as "other"; we reuse the upload error text.
 */
export function linkErrorText(code: ErrorCode | undefined): string {
  return code === 'unprocessable' ? MESSAGES.linkInvalid : MESSAGES.uploadError;
}
