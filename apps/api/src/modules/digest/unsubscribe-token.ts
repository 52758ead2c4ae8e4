import { signatureMatches, signText } from '../../lib/tokens.ts';

const PURPOSE = 'digest-unsubscribe';

// Version 0 tokens sign the purpose and user id alone (the links mailed before versions existed), so they
// keep working until the user turns the mail on again. The purpose keeps the digest's and the
// notification mails' links apart: neither works for the other.
const signed = (userId: number, version: number, purpose: string) =>
  version === 0 ? `${purpose}:${userId}` : `${purpose}:${userId}:${version}`;

/**
 * A one-click unsubscribe token for a client's digest: the user id, the user's digest token version and
 * an HMAC-SHA256 of both under the server secret. It only ever turns that user's digest off and needs no
 * expiry; turning the digest on again raises the version (users.digest_token_version), so the links of
 * earlier mails stop working instead of replaying forever.
 */
export function unsubscribeToken(secret: string, userId: number, version: number, purpose = PURPOSE): string {
  return version === 0
    ? `${userId}.${signText(secret, signed(userId, 0, purpose))}`
    : `${userId}.${version}.${signText(secret, signed(userId, version, purpose))}`;
}

/**
 * The user id and version a token was signed for, or null for anything forged, altered, malformed or
 * signed for another purpose.
 */
export function verifyUnsubscribeToken(
  secret: string,
  token: string,
  purpose = PURPOSE,
): { userId: number; version: number } | null {
  const match = /^([1-9][0-9]{0,9})\.(?:([1-9][0-9]{0,8})\.)?([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const version = match[2] ? Number(match[2]) : 0;
  return signatureMatches(secret, signed(userId, version, purpose), match[3]!) ? { userId, version } : null;
}
