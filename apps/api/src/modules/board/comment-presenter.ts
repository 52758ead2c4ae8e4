import type { Resource } from '../../lib/jsonapi/document.ts';
import { ref } from '../../lib/jsonapi/document.ts';
import type { CommentRow } from './comment-service.ts';

/** A task comment with its author's name and avatar, and when it was written. */
export function presentComment(comment: CommentRow): Resource {
  return {
    type: 'task-comment',
    id: String(comment.id),
    attributes: {
      body: comment.body,
      created: comment.createdAt.toISOString(),
      'author-name': comment.authorName,
      'author-avatar': comment.authorAvatar,
    },
    relationships: {
      task: { data: ref('task', comment.taskId) },
      author: { data: ref('user', comment.authorId) },
    },
  };
}
