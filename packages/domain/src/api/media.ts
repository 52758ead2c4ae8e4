import { z } from 'zod';

/**
 * A success answer that is not JSON (an event stream, a calendar file, a download). The API documents it
 * as `content: { <media type>: { schema: string } }` (apps/api/src/plugins/external/openapi.ts) instead
 * of a JSON:API document; a `streaming` answer never ends by itself (Server-Sent Events) and the
 * operation is marked `x-streaming: true`, so tools that walk the document (the fuzz test, the contact
 * check) open it over a real connection, read a little and hang up, instead of waiting for its end.
 */
export type MediaAnswer = { mediaType: string; streaming?: boolean; binary?: boolean; description: string };

export function mediaAnswerSchema({
  mediaType,
  streaming = false,
  binary = false,
  description,
}: MediaAnswer) {
  return z.string().meta({
    description,
    'x-media-type': mediaType,
    ...(streaming ? { 'x-streaming': true } : {}),
    ...(binary ? { format: 'binary' } : {}),
  });
}
