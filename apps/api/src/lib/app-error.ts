/** A typed failure that the one error handler turns into a JSON:API error. */
export type AppErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'too_many_requests'
  | 'payload_too_large';

const STATUS: Record<AppErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  too_many_requests: 429,
  payload_too_large: 413,
};

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
    this.status = STATUS[code];
    this.details = details;
  }
}

/** Pointer to an attribute of the request body, as JSON:API errors name it. */
export const attr = (name: string) => `/data/attributes/${name}`;

export const notFound = (what = 'Resource') => new AppError('not_found', { title: `${what} not found` });
export const forbidden = () => new AppError('forbidden', { title: 'You are not allowed to do this' });
export const unauthorized = () => new AppError('unauthorized', { title: 'Please sign in' });
