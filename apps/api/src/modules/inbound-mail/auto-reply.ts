import type { Headers } from 'mailparser';

/** Subjects of the absence notes of common mail programs (English, German, French, Spanish, Dutch). */
const OUT_OF_OFFICE =
  /^\s*(auto(matic)?[\s-]*(reply|response|antwort)|out of (the )?office|abwesenheit|absence|r[ée]ponse automatique|respuesta autom[áa]tica|fuera de la oficina|afwezig)\b/i;

const header = (headers: Headers, name: string): string => {
  const value = headers.get(name);
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && 'value' in value) return String(value.value);
  return String(value);
};

/**
 * Why a mail is a machine's answer rather than a person's (RFC 3834 Auto-Submitted; Precedence
 * bulk/junk/list; the X-Autoreply family; an absence-note subject), or null for a person's mail.
 * Posting those would fill the chat with "I am away" and could loop with the chat's own mail.
 */
export function autoReplyReason(headers: Headers, subject: string): string | null {
  const submitted = header(headers, 'auto-submitted').trim().toLowerCase();
  if (submitted !== '' && submitted.split(';')[0]!.trim() !== 'no') return `Auto-Submitted: ${submitted}`;
  const precedence = header(headers, 'precedence').trim().toLowerCase();
  if (['bulk', 'junk', 'list', 'auto_reply'].includes(precedence)) return `Precedence: ${precedence}`;
  for (const name of ['x-autoreply', 'x-autorespond', 'x-autoresponder']) if (headers.has(name)) return name;
  if (OUT_OF_OFFICE.test(subject.replace(/^\s*(re|aw|fwd?|wg)\s*:\s*/i, ''))) return 'out-of-office subject';
  return null;
}
