import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The DNS name a DKIM key is published under (RFC 6376 §3.6.2.1). */
export const dkimRecordName = (selector: string, domain: string) => `${selector}._domainkey.${domain}`;

/** The TXT value of a DKIM public key: `v=DKIM1; k=rsa; p=<base64 of the DER SubjectPublicKeyInfo>`. */
export const dkimRecordValue = (publicKeyDer: Buffer) =>
  `v=DKIM1; k=rsa; p=${publicKeyDer.toString('base64')}`;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const isDomain = (name: string) => name.length <= 253 && name.split('.').every((l) => LABEL.test(l));

/**
 * A new RSA 2048 DKIM key pair (node:crypto): the private key written as PKCS#8 PEM to `file`, readable by
 * its owner only (mode 600), never over an existing file; the answer is the TXT record to publish.
 */
export function makeDkimKey(input: { domain: string; selector: string; file: string }) {
  const domain = input.domain.toLowerCase().replace(/\.$/, '');
  if (!isDomain(domain) || !domain.includes('.')) throw new Error(`Not a domain name: ${input.domain}`);
  if (!LABEL.test(input.selector)) throw new Error(`Not a DNS label: ${input.selector}`);
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const file = path.resolve(input.file);
  mkdirSync(path.dirname(file), { recursive: true });
  // 'wx': refuse to replace a key that may already be published.
  writeFileSync(file, privateKey, { mode: 0o600, flag: 'wx' });
  const name = dkimRecordName(input.selector, domain);
  const value = dkimRecordValue(publicKey);
  return { file, name, value, record: `${name} TXT "${value}"` };
}
