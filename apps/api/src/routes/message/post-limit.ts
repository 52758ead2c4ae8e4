import { CHAT_MESSAGES, MESSAGE_POST_LIMIT_PER_MINUTE } from '@dd/domain';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

/**
 * Chat posting is limited per user, not per address (one person, however many tabs or networks), and
 * says so in its own words. Counted in PostgreSQL like every limit (lib/rate-limit-store.ts).
 */
export function chatPostLimit(app: FastifyInstance): preHandlerAsyncHookHandler {
  const limiter = app.createRateLimit({
    max: MESSAGE_POST_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request) => `chat-post:${request.actor?.id ?? request.ip}`,
  });
  return async (request) => {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded)
      throw new AppError('too_many_requests', { title: CHAT_MESSAGES.tooMany });
  };
}
