import type { Resource } from '../../lib/jsonapi/document.ts';
import type { MessageRow } from './message-queries.ts';

/** A chat message: its text (empty once deleted), when, who wrote it, what it answers, its files. */
export function presentMessage(row: MessageRow): Resource {
  const deleted = row.deletedAt !== null;
  return {
    type: 'message',
    id: String(row.id),
    attributes: {
      body: deleted ? '' : row.body,
      created: row.createdAt.toISOString(),
      edited: row.editedAt ? row.editedAt.toISOString() : null,
      deleted,
      'author-id': row.authorId,
      'author-name': row.authorName,
      'author-avatar': row.authorAvatar,
      'reply-to': row.replyToId === null ? null : String(row.replyToId),
      'reply-to-author': row.replyToId === null ? null : row.replyToAuthor,
      'reply-to-excerpt': row.replyToExcerpt,
      files: deleted ? [] : row.files,
    },
  };
}
