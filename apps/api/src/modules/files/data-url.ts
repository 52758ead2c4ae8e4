/** A decoded `data:` URL. */
export type DecodedDataUrl = { mime: string; bytes: Buffer };

const DATA_URL = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)?((?:;[a-z0-9-]+=[^;,]*)*)(;base64)?,/i;

/** Decodes a data URL (base64 or percent-encoded). Returns null when it is not one. */
export function decodeDataUrl(value: string): DecodedDataUrl | null {
  const match = DATA_URL.exec(value);
  if (!match) return null;
  const body = value.slice(match[0].length);
  const mime = (match[1] ?? 'application/octet-stream').toLowerCase();
  if (match[3]) {
    if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(body)) return null;
    return { mime, bytes: Buffer.from(body, 'base64') };
  }
  try {
    return { mime, bytes: Buffer.from(decodeURIComponent(body), 'utf8') };
  } catch {
    return null;
  }
}

/** Size of the decoded bytes of a base64 body, computed before decoding so oversize input is refused cheaply. */
export function base64DecodedLength(value: string): number | null {
  const match = DATA_URL.exec(value);
  if (!match?.[3]) return null;
  const body = value.slice(match[0].length).replace(/\s+/g, '');
  const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
  return Math.floor((body.length * 3) / 4) - padding;
}

export function toDataUrl(mime: string, bytes: Buffer): string {
  return `data:${mime};base64,${bytes.toString('base64')}`;
}
