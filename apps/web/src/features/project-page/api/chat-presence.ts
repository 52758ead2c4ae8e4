import { TYPING_TTL_MS } from '@dd/domain';
import { read, toDocument } from '../../../lib/api-client.ts';

/** POST /api/project/{id}/messages/read: the reader has seen everything up to `lastReadId`. */
export async function markChatRead(projectId: number, lastReadId: string): Promise<{ unread: number }> {
  const { meta } = await read('POST /api/project/{id}/messages/read', {
    path: { id: projectId },
    body: toDocument('message-read', { lastReadId }),
    suppressErrorToast: true,
  });
  return { unread: meta.unread };
}

const lastAnnounced = new Map<number, number>();

/**
 * POST /api/project/{id}/messages/typing, at most once per half the time others show it: a keystroke
 * in the composer calls this freely.
 */
export function announceTyping(projectId: number, now = Date.now()): void {
  if (now - (lastAnnounced.get(projectId) ?? 0) < TYPING_TTL_MS / 2) return;
  lastAnnounced.set(projectId, now);
  void read('POST /api/project/{id}/messages/typing', {
    path: { id: projectId },
    suppressErrorToast: true,
  }).catch(() => {});
}
