import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * Webhook secrets at rest (docs/adr/0023-webhooks.md): a GitHub signature is an HMAC keyed by the secret
 * itself, so the server must be able to read it back; it is kept encrypted with AES-256-GCM under a key
 * derived (HKDF-SHA256) from the app secret, never in clear and never sent again after it is made.
 */
const INFO = 'delivery-desk repository webhook secret v1';

function keyOf(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, Buffer.alloc(0), INFO, 32));
}

/** A new webhook secret: 256 random bits, URL-safe. */
export function newWebhookSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function sealSecret(appSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret back, or null when the box was sealed under another app secret or altered. */
export function openSecret(appSecret: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/** Constant-time equality of two strings of any lengths (compares their SHA-256 digests). */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
