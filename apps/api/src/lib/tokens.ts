import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256-bit random token, URL-safe. Only its hash is ever stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** HMAC-SHA256 of `text` under the server secret, URL-safe (43 characters): what a signed link carries. */
export function signText(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('base64url');
}

/** Whether `given` is signText(secret, text), compared in constant time. */
export function signatureMatches(secret: string, text: string, given: string): boolean {
  const expected = Buffer.from(signText(secret, text));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
