/** Project chat rules shared by the API and the web app (docs/adr/0022-project-chat.md). */

/** An author may edit a message for this long after posting it. */
export const MESSAGE_EDIT_WINDOW_MS = 15 * 60 * 1000;
/** Messages one user may post per minute, over all projects. */
export const MESSAGE_POST_LIMIT_PER_MINUTE = 30;
export const MESSAGE_PAGE_SIZE = 30;
/** Files one message may carry. */
export const MESSAGE_FILES_MAX = 10;
export const MESSAGE_PAGE_MAX = 100;
/** Unread counts stop at this many (the badge shows "99+"). */
export const UNREAD_COUNT_CAP = 100;
/** How long someone is shown as typing after their last keystroke announcement. */
export const TYPING_TTL_MS = 5_000;

export const CHAT_MESSAGES = {
  bodyRequired: 'Please, write a message',
  tooMany: 'You are sending messages too fast. Please wait a minute and try again.',
  editWindowPassed: 'A message can be edited only in the first 15 minutes',
  notAuthor: 'Only the author can change this message',
  deleted: 'message deleted',
  replyToUnknown: 'The message you reply to is not in this chat',
  fileUnknown: 'Attach files you uploaded to this project for this message',
} as const;

/** True while the author may still edit a message posted at `created`. */
export function isMessageEditable(created: Date, now: Date): boolean {
  return now.getTime() - created.getTime() <= MESSAGE_EDIT_WINDOW_MS;
}

/** The badge text of an unread count: '', the number, or '99+' at the cap. */
export function unreadBadge(count: number): string {
  if (count <= 0) return '';
  return count >= UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP - 1}+` : String(count);
}

/**
 * The people a message names with @: a participant is mentioned by "@" followed by their full name or
 * their first name, case-insensitively, ending at a non-letter. Answers their ids.
 */
export function mentionedIds(body: string, people: readonly { id: number; name: string }[]): number[] {
  const text = body.toLowerCase();
  if (!text.includes('@')) return [];
  const found: number[] = [];
  for (const person of people) {
    const full = person.name.trim().toLowerCase();
    if (full === '') continue;
    const first = full.split(/\s+/)[0]!;
    if (namesAt(text, full) || namesAt(text, first)) found.push(person.id);
  }
  return found;
}

function namesAt(text: string, name: string): boolean {
  let from = 0;
  for (;;) {
    const at = text.indexOf(`@${name}`, from);
    if (at < 0) return false;
    const after = text.charAt(at + name.length + 1);
    if (after === '' || !/[\p{L}\p{N}_]/u.test(after)) return true;
    from = at + 1;
  }
}
