import { z } from 'zod';
import { documentSchema, resourceSchema } from './jsonapi.ts';

/** Project chat answers (docs/adr/0022-project-chat.md), field by field. */

const isoDateTime = z.string();

/** A file sent with a message: a project file, downloaded through the project's file routes. */
export const messageFileSchema = z.object({ id: z.string(), title: z.string(), size: z.number().int() });

export const messageResourceSchema = resourceSchema(
  'message',
  z.object({
    /** markdown as written; '' once deleted */
    body: z.string(),
    created: isoDateTime,
    edited: isoDateTime.nullable(),
    deleted: z.boolean(),
    'author-id': z.number().int().nullable(),
    'author-name': z.string().nullable(),
    'author-avatar': z.string().nullable(),
    /** the id of the message this one answers */
    'reply-to': z.string().nullable(),
    'reply-to-author': z.string().nullable(),
    /** the start of the answered message; null when it was deleted */
    'reply-to-excerpt': z.string().nullable(),
    files: z.array(messageFileSchema),
  }),
);
export type MessageResource = z.infer<typeof messageResourceSchema>;

export const messageDocumentSchema = documentSchema(messageResourceSchema);

/** A page of a project's messages, newest first, with the reader's marker and unread count. */
export const messageListDocumentSchema = z.object({
  data: z.array(messageResourceSchema),
  meta: z.object({
    /** the newest message the reader has marked read (0 for none) */
    'last-read-id': z.number().int(),
    /** messages by others after the marker, counted up to UNREAD_COUNT_CAP */
    unread: z.number().int(),
    /** whether messages older than this page exist */
    'has-more': z.boolean(),
  }),
});

/** POST /project/{id}/messages/read: the marker as stored and what is still unread. */
export const messageReadDocumentSchema = z.object({
  data: z.null(),
  meta: z.object({ 'last-read-id': z.number().int(), unread: z.number().int() }),
});

/**
 * GET and PATCH /api/chat/{id}/mail (id: the project): whether the signed-in user gets the project's
 * missed-message mail. `applies` says whether the mail is for them at all (the project's owner, members
 * and account manager get it; an admin reading someone else's project does not).
 */
export const chatMailDocumentSchema = z.object({
  data: resourceSchema('chat-mail', z.object({ enabled: z.boolean(), applies: z.boolean() })),
});
export type ChatMailDocument = z.infer<typeof chatMailDocumentSchema>;
