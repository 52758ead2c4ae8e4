// A mail as the app hands it to the mailer (plugins/app/mailer.ts), apart from the plugin so that the
// templates and the outbox's redaction (redact.ts) use it without importing the plugin.

export type MailAttachment = { filename: string; content: string; contentType?: string };
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** Extra headers (List-Unsubscribe of the digest). Sent to SMTP only, not kept in the outbox. */
  headers?: Record<string, string>;
  /**
   * Values only the recipient may read (a reset or invitation link, its token): sent to the mailbox,
   * replaced by '[link redacted]' in the outbox, never logged except the one operator line without SMTP.
   */
  secrets?: string[];
};
