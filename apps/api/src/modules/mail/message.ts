// A mail as the app hands it to the mailer (plugins/app/mailer.ts), apart from the plugin so that the
// templates and the outbox's redaction (redact.ts) use it without importing the plugin.

export type MailAttachment = { filename: string; content: string; contentType?: string };

/** A calendar invitation or update (RFC 5546): sent as a `text/calendar; method=…` part and attached. */
export type MailCalendar = { method: 'REQUEST' | 'CANCEL' | 'PUBLISH'; filename: string; content: string };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  calendar?: MailCalendar;
  /**
   * Where an answer to this mail goes (a person, or a project's reply address). A mail with a Reply-To
   * invites an answer, so it carries no `Auto-Submitted` (docs/product.md §D10).
   */
  replyTo?: string;
  /**
   * Someone may answer this mail (every mail about a project, and any that asks a question), even
   * without a Reply-To of its own: then MAIL_REPLY_TO is used when set, and it never carries
   * `Auto-Submitted`. Mails without this and without `replyTo` are notices: `Auto-Submitted: auto-generated`.
   */
  invitesAnswer?: boolean;
  /** Extra headers (List-Unsubscribe of the digest). Sent to SMTP only, not kept in the outbox. */
  headers?: Record<string, string>;
  /**
   * Values only the recipient may read (a reset or invitation link, its token): sent to the mailbox,
   * replaced by '[link redacted]' in the outbox, never logged except the one operator line without SMTP.
   */
  secrets?: string[];
};
