import { FILE_CHUNK_SIZE } from './file-store.ts';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const WANTED = ['data', 'attributes', 'data'];

/**
 * Where the value of `data.attributes.data` lies in a JSON body (the bytes between its quotes), found
 * without parsing the body into strings: a 33 MB data URL is never copied into the JavaScript heap.
 * Only a plain value qualifies (no escapes, the path present once); for anything else the caller parses
 * the whole body as before. Its bytes are checked slice by slice as they are decoded (base64DataUrlBytes):
 * a control character there answers 400 as the JSON parser would have.
 */
export function findDataUrlValue(body: Buffer): { start: number; end: number } | null {
  // Per open container: its key path, and for an object whether the next string is a key.
  const path: string[] = [];
  const stack: Array<{ object: boolean; expectKey: boolean; key: string | null }> = [];
  let found: { start: number; end: number } | null = null;
  let at = 0;
  while (at < body.length) {
    const byte = body[at]!;
    if (byte === 0x7b || byte === 0x5b) {
      const top = stack.at(-1);
      if (top?.object) path.push(top.key ?? '');
      else if (top) path.push('[]');
      stack.push({ object: byte === 0x7b, expectKey: byte === 0x7b, key: null });
      at++;
    } else if (byte === 0x7d || byte === 0x5d) {
      stack.pop();
      if (stack.length > 0) path.pop();
      at++;
    } else if (byte === 0x2c) {
      const top = stack.at(-1);
      if (top?.object) top.expectKey = true;
      at++;
    } else if (byte === QUOTE) {
      const start = at + 1;
      // The closing quote found natively (a 33 MB value must not be walked byte by byte in JavaScript);
      // a value holding a backslash is walked to find its true end, and never qualifies.
      let end = body.indexOf(QUOTE, start);
      if (end < 0) return null;
      const plain = body.subarray(start, end).indexOf(BACKSLASH) < 0;
      if (!plain) {
        end = start;
        while (end < body.length && body[end] !== QUOTE) end += body[end] === BACKSLASH ? 2 : 1;
        if (end >= body.length) return null;
      }
      const top = stack.at(-1);
      if (top?.object && top.expectKey) {
        // Keys are short; an odd one (escaped, long, not ASCII) just never matches.
        const key = plain && end - start <= 64 ? body.toString('latin1', start, end) : null;
        top.key = key !== null && /^[\x20-\x7e]*$/.test(key) ? key : null;
        top.expectKey = false;
      } else if (
        top?.object &&
        top.key === 'data' &&
        path.length === 2 &&
        path[0] === WANTED[0] &&
        path[1] === WANTED[1]
      ) {
        if (!plain || found) return null;
        found = { start, end };
      }
      at = end + 1;
    } else at++;
  }
  return found;
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) < 0x20) return true;
  return false;
}

/**
 * A data URL given as bytes (from findDataUrlValue): its type, the decoded size it announces, and its bytes
 * as slices of FILE_CHUNK_SIZE, each checked and decoded only when asked for. Null for a value that is not
 * a plain base64 data URL (percent-encoded, whitespace): the caller then takes the string path.
 */
export function base64DataUrlBytes(value: Buffer) {
  const comma = value.indexOf(0x2c);
  if (comma < 0 || comma > 512) return null;
  const header = value.toString('latin1', 0, comma + 1);
  const match = /^data:([a-z0-9.+-]+\/[a-z0-9.+-]+)?((?:;[a-z0-9-]+=[^;,]*)*)(;base64),$/i.exec(header);
  if (!match || value.includes(0x20, comma) || hasControlCharacter(header)) return null;
  const body = value.subarray(comma + 1);
  const padding = body.at(-1) === 0x3d ? (body.at(-2) === 0x3d ? 2 : 1) : 0;
  const sliceChars = (FILE_CHUNK_SIZE / 3) * 4;
  return {
    mime: (match[1] ?? 'application/octet-stream').toLowerCase(),
    size: Math.floor((body.length * 3) / 4) - padding,
    /**
     * Throws `invalid()` at the first slice holding anything but base64 (padding only at the end), or
     * `malformed()` for a control character (which JSON does not allow unescaped in a string).
     */
    *slices(invalid: () => Error, malformed: () => Error): Generator<Buffer> {
      for (let at = 0; at < body.length; at += sliceChars) {
        const text = body.toString('latin1', at, Math.min(body.length, at + sliceChars));
        const last = at + sliceChars >= body.length;
        if (!(last ? /^[A-Za-z0-9+/]*={0,2}$/ : /^[A-Za-z0-9+/]*$/).test(text))
          throw hasControlCharacter(text) ? malformed() : invalid();
        yield Buffer.from(text, 'base64');
      }
    },
  };
}
