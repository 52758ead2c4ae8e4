/**
 * A small MIME reader for the mails our own server sends (nodemailer output): headers, encoded words,
 * nested multipart, quoted-printable and base64 bodies. Enough to assert on subject, text and links
 * without another dependency; attachments are ignored.
 */

export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  from: string;
  to: string[];
  text: string;
  html: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitHeadersAndBody(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines start with whitespace and continue the previous header.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function parameter(header: string | undefined, name: string): string | undefined {
  const match = header?.match(new RegExp(`${name}="?([^";]+)"?`, 'i'));
  return match?.[1];
}

function decodeQuotedPrintableBytes(input: string): Buffer {
  const soft = input.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintableBytes(part.body).toString('utf8');
  return part.body;
}

/** Decodes RFC 2047 encoded words such as =?UTF-8?Q?Hello_there?= in headers. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintableBytes(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function addresses(value: string | undefined): string[] {
  if (!value) return [];
  return decodeHeader(value)
    .split(',')
    .map((entry) => (entry.match(/<([^>]+)>/)?.[1] ?? entry).trim().toLowerCase())
    .filter(Boolean);
}

function collectBodies(part: Part, into: { text: string; html: string }): void {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const mediaType = type.split(';')[0]?.trim().toLowerCase() ?? 'text/plain';
  if (mediaType.startsWith('multipart/')) {
    const boundary = parameter(type, 'boundary');
    if (!boundary) return;
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectBodies(splitHeadersAndBody(section.replace(/^\r?\n/, '')), into);
    }
    return;
  }
  if (/attachment/i.test(part.headers.get('content-disposition') ?? '')) return;
  if (mediaType === 'text/html' && !into.html) into.html = decodeBody(part).trimEnd();
  if (mediaType === 'text/plain' && !into.text) into.text = decodeBody(part).trimEnd();
}

export function parseMail(raw: string): ParsedMail {
  const root = splitHeadersAndBody(raw);
  const bodies = { text: '', html: '' };
  collectBodies(root, bodies);
  return {
    headers: root.headers,
    subject: decodeHeader(root.headers.get('subject') ?? ''),
    from: addresses(root.headers.get('from'))[0] ?? '',
    to: [...addresses(root.headers.get('to')), ...addresses(root.headers.get('cc'))],
    text: bodies.text,
    html: bodies.html,
  };
}
