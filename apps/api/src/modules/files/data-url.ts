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
  let body = value.slice(match[0].length);
  // Copied without whitespace only when there is some (rare): a 33 MB body is not copied for nothing.
  if (/\s/.test(body)) body = body.replace(/\s+/g, '');
  const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
  return Math.floor((body.length * 3) / 4) - padding;
}

/**
 * A data URL's type and its bytes as a sequence of slices of at most `sliceBytes` (a multiple of 3), decoded
 * one slice at a time, so a 25 MB body is never decoded whole. Returns null when it is not a data URL.
 */
export function dataUrlSlices(
  value: string,
  sliceBytes: number,
): { mime: string; slices: () => Generator<Buffer> } | null {
  const match = DATA_URL.exec(value);
  if (!match) return null;
  const mime = (match[1] ?? 'application/octet-stream').toLowerCase();
  if (!match[3]) {
    const decoded = decodeDataUrl(value);
    if (!decoded) return null;
    return {
      mime,
      *slices() {
        for (let at = 0; at < decoded.bytes.length; at += sliceBytes)
          yield decoded.bytes.subarray(at, at + sliceBytes);
      },
    };
  }
  let body = value.slice(match[0].length);
  if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(body)) return null;
  // Whitespace would shift the 4-character groups; it is rare, so only then is the body copied without it.
  if (/\s/.test(body)) body = body.replace(/\s+/g, '');
  const sliceChars = (sliceBytes / 3) * 4;
  return {
    mime,
    *slices() {
      for (let at = 0; at < body.length; at += sliceChars)
        yield Buffer.from(body.slice(at, at + sliceChars), 'base64');
    },
  };
}

/** A bare `type/subtype`, the form data URLs carry (no parameters), so it is safe in a data URL and in JSON. */
export const isMimeType = (value: string) =>
  /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/i.test(value) && value.length <= 127;
