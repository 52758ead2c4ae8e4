import { z } from 'zod';
import { TEXT_MAX } from '../limits.ts';
import { LABELS, SERVER_ERRORS } from '../messages.ts';
import { cappedText } from './fields.ts';

/**
 * An absolute http(s) URL with a dotted host, optional port, then path/query/fragment. The server's
 * title 'Url is not a valid URL.' (docs/product.md §C5) is the classic URL-validator wording, whose rule this is.
 */
const URL_PATTERN =
  /^https?:\/\/[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9][A-Za-z0-9_-]*)+(?::\d{1,5})?(?:$|[/?#]\S*$)/i;

export function isValidUrl(value: string): boolean {
  return URL_PATTERN.test(value.trim());
}

/**
 * POST /link/create attributes. The message is the server's title; the link item shows it as
 * 'Invald link' (see linkErrorText).
 */
export const linkCreateSchema = z.object({
  title: cappedText(TEXT_MAX.short).trim().default(LABELS.projectLinkTitle),
  url: z
    .string({ error: SERVER_ERRORS.invalidUrl })
    .trim()
    .max(TEXT_MAX.url, { error: SERVER_ERRORS.invalidUrl, abort: true })
    .refine(isValidUrl, SERVER_ERRORS.invalidUrl),
});
export type LinkCreateInput = z.input<typeof linkCreateSchema>;
export type LinkCreateBody = z.infer<typeof linkCreateSchema>;
