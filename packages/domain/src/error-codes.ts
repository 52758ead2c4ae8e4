/**
 * The stable code every JSON:API error object of the API carries (`errors[].code`), with the HTTP status it
 * answers with. Titles are words for people and may change; screens decide on codes only
 * (packages/domain/src/error-mapping.ts turns them into the texts docs/product.md quotes).
 */
export const ERROR_CODE_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  too_many_requests: 429,
  internal: 500,
  /** The database is unreachable for a moment (restarting): try again after Retry-After. */
  unavailable: 503,
  /** The disk the database writes to is full: nothing was saved; it works again once space is freed. */
  insufficient_storage: 507,
  // One failure a screen tells apart from the others of its status (docs/product.md §A8, §C8).
  /** An account already uses this e-mail. */
  email_taken: 422,
  /** An account already uses this login (the wizard's login is the e-mail). */
  login_taken: 422,
  /** An invitation to an e-mail that already has an account: the screen adds that user instead. */
  email_registered: 422,
  /** A password reset for an e-mail no account has. */
  email_not_found: 422,
  /** A booking from a blacklisted phone: the team confirms it by e-mail instead (docs/product.md §C8). */
  phone_blacklisted: 403,
} as const;

export type ErrorCode = keyof typeof ERROR_CODE_STATUS;
export const ERROR_CODES = Object.keys(ERROR_CODE_STATUS) as [ErrorCode, ...ErrorCode[]];

/** The general code of an HTTP status, for failures that name no finer one (a framework's 4xx, a 500). */
export function errorCodeOfStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 422:
      return 'unprocessable';
    case 429:
      return 'too_many_requests';
    case 503:
      return 'unavailable';
    case 507:
      return 'insufficient_storage';
    default:
      return status >= 500 ? 'internal' : 'bad_request';
  }
}
