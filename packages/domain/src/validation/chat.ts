import { z } from 'zod';
import { CHAT_MESSAGES, MESSAGE_FILES_MAX } from '../chat.ts';
import { TEXT_MAX } from '../limits.ts';
import { MARKDOWN_NESTING_MESSAGE, markdownNestingOk } from '../markdown.ts';
import { idField, textField } from './fields.ts';

/**
 * A chat message's text: markdown, trimmed, not empty, at most TEXT_MAX.long characters, nested no deeper
 * than renderers can take (docs/product.md §C9).
 */
export const messageBodyField = textField(CHAT_MESSAGES.bodyRequired, 1, TEXT_MAX.long).refine(
  markdownNestingOk,
  MARKDOWN_NESTING_MESSAGE,
);

/** POST /project/{id}/messages attributes: the text and, for a reply, the message answered. */
export const messagePostSchema = z.object({
  body: messageBodyField,
  'reply-to': idField.nullable().optional(),
  /** project files the author has just uploaded for this message (POST /project/{id}/file/upload?for=chat) */
  files: z.array(idField).max(MESSAGE_FILES_MAX).optional(),
});
export type MessagePostInput = z.infer<typeof messagePostSchema>;

/** PATCH /message/{id} attributes: the new text. */
export const messageEditSchema = z.object({ body: messageBodyField });

/** POST /project/{id}/messages/read attributes: the newest message the reader has seen. */
export const messageReadSchema = z.object({ 'last-read-id': idField });

/** PATCH /chat/{id}/mail attributes: the signed-in user's missed-message mail of the project on or off. */
export const chatMailSettingSchema = z.object({ enabled: z.boolean() });
