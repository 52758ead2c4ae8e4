import { signatureMatches, signText } from '../../lib/tokens.ts';

const PURPOSE = 'chat-unsubscribe';

// Version 0 signs the ids alone (the links mailed before versions existed): they keep working until the
// person turns that project's mail on again.
const signed = (userId: number, projectId: number, version: number) =>
  version === 0 ? `${PURPOSE}:${userId}:${projectId}` : `${PURPOSE}:${userId}:${projectId}:${version}`;

/**
 * A one-click unsubscribe token for one user's missed-message mail of one project: both ids, the
 * version of that project's link (message_reads.mail_token_version, raised when the mail is turned on
 * again, so older links stop working) and an HMAC-SHA256 of them under the server secret (as the
 * digest's, modules/digest/unsubscribe-token.ts).
 */
export function chatUnsubscribeToken(secret: string, userId: number, projectId: number, version = 0): string {
  const mark = signText(secret, signed(userId, projectId, version));
  return version === 0 ? `${userId}.${projectId}.${mark}` : `${userId}.${projectId}.${version}.${mark}`;
}

/** The user, project and version a token was signed for, or null for anything forged, altered or malformed. */
export function verifyChatUnsubscribeToken(
  secret: string,
  token: string,
): { userId: number; projectId: number; version: number } | null {
  const match = /^([1-9][0-9]{0,9})\.([1-9][0-9]{0,9})\.(?:([1-9][0-9]{0,8})\.)?([A-Za-z0-9_-]{43})$/.exec(
    token,
  );
  if (!match) return null;
  const userId = Number(match[1]);
  const projectId = Number(match[2]);
  const version = match[3] ? Number(match[3]) : 0;
  if (userId > 2_147_483_647 || projectId > 2_147_483_647) return null;
  return signatureMatches(secret, signed(userId, projectId, version), match[4]!)
    ? { userId, projectId, version }
    : null;
}

export const chatUnsubscribeUrl = (
  publicUrl: string,
  secret: string,
  userId: number,
  projectId: number,
  version = 0,
) => `${publicUrl}/api/chat/unsubscribe?token=${chatUnsubscribeToken(secret, userId, projectId, version)}`;
