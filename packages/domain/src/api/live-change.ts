import { z } from 'zod';
import { type LiveChange, PRESENCE_LIVE_EVENT_KINDS, STORED_LIVE_EVENT_KINDS } from '../live-events.ts';

const changeIds = { id: z.string(), project: z.string() };

/**
 * A GET /api/events frame's `data` (`LiveChange` of live-events.ts); an unknown kind does not parse. Kept
 * out of live-events.ts, which the web's entry chunk imports, so zod's runtime stays out of that chunk.
 */
export const liveChangeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.enum(STORED_LIVE_EVENT_KINDS), ...changeIds }),
  z.object({ type: z.enum(PRESENCE_LIVE_EVENT_KINDS), ...changeIds, user: z.string() }),
]) satisfies z.ZodType<LiveChange>;
