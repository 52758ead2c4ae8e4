import { escapeHtml } from './layout.ts';
import type { MailMessage } from './message.ts';

export const LINK_REDACTED = '[link redacted]';

/**
 * The message as the outbox keeps it: every value the template marked secret (a reset or invitation
 * link) is replaced in subject, text and HTML, raw and HTML-escaped. Structural, not a guess: the
 * template says what is secret, so a link in any form the template wrote it is gone.
 */
export function redactSecrets(message: MailMessage): Pick<MailMessage, 'subject' | 'text' | 'html'> {
  let { subject, text, html } = message;
  // Longest first, so a secret that contains another is replaced whole.
  const secrets = [...new Set(message.secrets ?? [])].filter(Boolean).sort((a, b) => b.length - a.length);
  for (const secret of secrets) {
    for (const form of new Set([secret, escapeHtml(secret)])) {
      subject = subject.replaceAll(form, LINK_REDACTED);
      text = text.replaceAll(form, LINK_REDACTED);
      html = html.replaceAll(form, LINK_REDACTED);
    }
  }
  return { subject, text, html };
}
