import { CHAT_MESSAGES, MESSAGE_POST_LIMIT_PER_MINUTE } from '@dd/domain';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { type PostLimit, postsInOneStatement } from '../../modules/chat/message-service.ts';

const WINDOW_MS = 60_000;
const keyOf = (request: FastifyRequest) => `chat-post:${request.actor?.id ?? request.ip}`;

/** The limit as the one-statement post counts it (the same row as the limiter below: no store prefix). */
export const chatPostLimitOf = (request: FastifyRequest): PostLimit => ({
  key: keyOf(request),
  max: MESSAGE_POST_LIMIT_PER_MINUTE,
  windowMs: WINDOW_MS,
});

/**
 * Chat posting is limited per user, not per address (one person, however many tabs or networks), and
 * says so in its own words. Counted in PostgreSQL like every limit (lib/rate-limit-store.ts). A post made
 * in one statement (no files, no '@') is counted by that statement (chatPostLimitOf), in the same row and
 * window, so it costs no round trip of its own; every other post is counted here first.
 */
export function chatPostLimit(app: FastifyInstance): preHandlerAsyncHookHandler {
  const limiter = app.createRateLimit({
    max: MESSAGE_POST_LIMIT_PER_MINUTE,
    timeWindow: WINDOW_MS,
    keyGenerator: keyOf,
  });
  return async (request) => {
    const attributes = (request.body as { data?: { attributes?: { body?: string; files?: number[] } } })?.data
      ?.attributes;
    if (attributes && postsInOneStatement({ body: attributes.body ?? '', files: attributes.files })) return;
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded)
      throw new AppError('too_many_requests', { title: CHAT_MESSAGES.tooMany });
  };
}
