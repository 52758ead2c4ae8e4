import { MESSAGES, SERVER_ERRORS } from './messages.ts';

/**
 * Turns server error titles into what the screen shows, as docs/product.md' error catalogues describe.
 * Kept here so the server's words and the screen's words are paired in one place.
 */

/** Wizard, after POST /user/register-client fails (docs/product.md §C8). */
export function registerClientErrorText(title: string | undefined): string {
  if (title === SERVER_ERRORS.emailTaken || title === SERVER_ERRORS.loginTaken) return title;
  return MESSAGES.registerException;
}

/** Invited sign-up, the text flagged on the email field (docs/product.md §A8). */
export function invitedSignUpEmailErrorText(title: string | undefined, emailValid: boolean): string {
  if (title === SERVER_ERRORS.emailTaken) return MESSAGES.emailTaken;
  if (!emailValid) return MESSAGES.emailInvalid;
  return MESSAGES.emailOccupied;
}

/** Admin create user: which failures flag the email as taken; others are only logged (docs/product.md §A8). */
export function isTakenTitle(title: string | undefined): boolean {
  return title === SERVER_ERRORS.emailTaken || title === SERVER_ERRORS.loginTaken;
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
export function scheduleFailureOutcome(status: number, title: string | undefined): ScheduleFailureOutcome {
  if (status === 403 && title === SERVER_ERRORS.phoneBlacklisted) {
    return { kind: 'success', toast: MESSAGES.callRequested };
  }
  if (status === 403) return { kind: 'slot-taken', toast: MESSAGES.slotTaken };
  return { kind: 'generic', toast: MESSAGES.genericError };
}

/**
 * Link item error text: the server's invalid-URL title shows 'Invald link' (docs/product.md §C5). The spec names
 * the other failure only as "other"; we reuse the upload error text for it.
 */
export function linkErrorText(title: string | undefined): string {
  return title === SERVER_ERRORS.invalidUrl ? MESSAGES.linkInvalid : MESSAGES.uploadError;
}
