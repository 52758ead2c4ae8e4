import { ERROR_CODE_STATUS, type ErrorCode } from '@dd/domain';

/**
 * A typed failure that the one error handler turns into a JSON:API error. Its code is the domain's
 * (packages/domain/src/error-codes.ts): every error object carries it, and the web decides on it.
 */
export type AppErrorCode = ErrorCode;

export type ErrorDetail = { title: string; pointer?: string; parameter?: string };

export class AppError extends Error {
  readonly status: number;
  readonly details: ErrorDetail[];
  constructor(
    readonly code: AppErrorCode,
    detail: ErrorDetail | ErrorDetail[],
  ) {
    const details = Array.isArray(detail) ? detail : [detail];
    super(details[0]?.title ?? code);
    this.status = ERROR_CODE_STATUS[code];
    this.details = details;
  }
}

/** Pointer to an attribute of the request body, as JSON:API errors name it. */
export const attr = (name: string) => `/data/attributes/${name}`;

/** Pointer to a relationship of the request body. */
export const rel = (name: string) => `/data/relationships/${name}`;

export const notFound = (what = 'Resource') => new AppError('not_found', { title: `${what} not found` });
export const forbidden = () => new AppError('forbidden', { title: 'You are not allowed to do this' });
export const unauthorized = () => new AppError('unauthorized', { title: 'Please sign in' });
