import EmailReplyParser from 'email-reply-parser';

/**
 * What the person wrote above the quoted mail: the history ("On … wrote:", a forwarded header) and the
 * signature ("-- ", "Sent from my phone") are cut by email-reply-parser, which knows the quote headers of
 * the common mail programs in a dozen languages. A quote left at the end without such a header (lines
 * starting with '>', which the parser keeps as visible) is cut too.
 */
export function stripReply(text: string): string {
  const normalised = text.replace(/\r\n?/g, '\n');
  const visible = new EmailReplyParser().parseReply(normalised).split('\n');
  while (visible.length > 0 && /^\s*(>.*)?$/.test(visible.at(-1)!)) visible.pop();
  return visible.join('\n').trim();
}
