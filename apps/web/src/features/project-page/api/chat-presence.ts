import { type messageReadDocumentSchema, TYPING_TTL_MS } from '@dd/domain';
import type { z } from 'zod';
import { api, toDocument } from '../../../lib/api-client.ts';

type ReadMeta = z.infer<typeof messageReadDocumentSchema>['meta'];

/** POST /api/project/{id}/messages/read: the reader has seen everything up to `lastReadId`. */
export async function markChatRead(projectId: number, lastReadId: string): Promise<{ unread: number }> {
  const { meta } = await api.post<null>(
    `/project/${projectId}/messages/read`,
    toDocument('message-read', { lastReadId }),
    { suppressErrorToast: true },
  );
  return { unread: Number((meta as Partial<ReadMeta>).unread ?? 0) };
}

const lastAnnounced = new Map<number, number>();

/**
 * POST /api/project/{id}/messages/typing, at most once per half the time others show it: a keystroke
 * in the composer calls this freely.
 */
export function announceTyping(projectId: number, now = Date.now()): void {
  if (now - (lastAnnounced.get(projectId) ?? 0) < TYPING_TTL_MS / 2) return;
  lastAnnounced.set(projectId, now);
  void api
    .post(`/project/${projectId}/messages/typing`, undefined, { suppressErrorToast: true })
    .catch(() => {});
}
