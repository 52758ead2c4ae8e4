import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

/** The e-mail a JSON:API body names, lower-case, for per-recipient limits. */
export function bodyEmail(request: FastifyRequest): string {
  const body = request.body as { data?: { attributes?: { email?: unknown } } } | undefined;
  const email = body?.data?.attributes?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/**
 * A second limit beside the route's per-IP one: per recipient e-mail, so one mailbox cannot be
 * flooded from many client addresses. Runs after body validation, when the e-mail is known.
 */
export function perEmailLimit(
  app: FastifyInstance,
  options: { name: string; max: number; timeWindow: string },
): preHandlerAsyncHookHandler {
  const limiter = app.createRateLimit({
    max: options.max,
    timeWindow: options.timeWindow,
    keyGenerator: (request) => `${options.name}:${bodyEmail(request)}`,
  });
  return async (request) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded)
      throw new AppError('too_many_requests', {
        title: 'Too many requests for this e-mail address, please try again later',
      });
  };
}
