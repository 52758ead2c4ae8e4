import { z } from 'zod';

/**
 * POST /api/inbound-mail: what the inbound-mail provider is told. `posted`: the reply is in the chat;
 * `dropped`: taken in and not posted (the server's log says why), so the provider does not send it again.
 */
export const inboundMailAnswerSchema = z.object({
  data: z.null(),
  meta: z.object({ result: z.enum(['posted', 'dropped']) }),
});
