import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'digest-unsubscribe';

const mac = (secret: string, userId: number, purpose: string) =>
  createHmac('sha256', secret).update(`${purpose}:${userId}`).digest('base64url');

/**
 * A one-click unsubscribe token for a client's digest: the user id and an HMAC-SHA256 of it under the
 * server secret. It only ever turns that user's digest off, so it needs no expiry; it stays valid after
 * the user turns the digest on again (the next digest's link is the same).
 */
export function unsubscribeToken(secret: string, userId: number, purpose = PURPOSE): string {
  return `${userId}.${mac(secret, userId, purpose)}`;
}

/**
 * The user id a token was signed for, or null for anything forged, altered, malformed or signed for
 * another purpose (the notification mails' unsubscribe signs its own, so neither link works for the other).
 */
export function verifyUnsubscribeToken(secret: string, token: string, purpose = PURPOSE): number | null {
  const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const expected = Buffer.from(mac(secret, userId, purpose));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}
