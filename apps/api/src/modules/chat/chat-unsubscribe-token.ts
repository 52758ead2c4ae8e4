import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'chat-unsubscribe';

const mac = (secret: string, userId: number, projectId: number) =>
  createHmac('sha256', secret).update(`${PURPOSE}:${userId}:${projectId}`).digest('base64url');

/**
 * A one-click unsubscribe token for one user's missed-message mail of one project: both ids and an
 * HMAC-SHA256 of them under the server secret (as the digest's, modules/digest/unsubscribe-token.ts).
 */
export function chatUnsubscribeToken(secret: string, userId: number, projectId: number): string {
  return `${userId}.${projectId}.${mac(secret, userId, projectId)}`;
}

/** The user and project a token was signed for, or null for anything forged, altered or malformed. */
export function verifyChatUnsubscribeToken(
  secret: string,
  token: string,
): { userId: number; projectId: number } | null {
  const match = /^([1-9][0-9]{0,9})\.([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const projectId = Number(match[2]);
  if (userId > 2_147_483_647 || projectId > 2_147_483_647) return null;
  const expected = Buffer.from(mac(secret, userId, projectId));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { userId, projectId } : null;
}

export const chatUnsubscribeUrl = (publicUrl: string, secret: string, userId: number, projectId: number) =>
  `${publicUrl}/api/chat/unsubscribe?token=${chatUnsubscribeToken(secret, userId, projectId)}`;
