import { describe, expect, it } from 'vitest';
import { isMessageEditable, mentionedIds, unreadBadge } from './chat.ts';

const people = [
  { id: 1, name: 'Pat Manager' },
  { id: 2, name: 'Dana Client' },
  { id: 3, name: 'Patricia Long' },
];

describe('chat rules', () => {
  it('finds @mentions by full or first name, case-insensitively, at a word end', () => {
    expect(mentionedIds('hi @pat, see this', people)).toEqual([1]);
    expect(mentionedIds('@Dana Client please', people)).toEqual([2]);
    expect(mentionedIds('@patricia and @PAT MANAGER', people)).toEqual([1, 3]);
    expect(mentionedIds('mail pat@example.com', people)).toEqual([]);
    expect(mentionedIds('@patx nobody', people)).toEqual([]);
  });

  it('allows edits for 15 minutes', () => {
    const created = new Date('2027-01-01T10:00:00Z');
    expect(isMessageEditable(created, new Date('2027-01-01T10:15:00Z'))).toBe(true);
    expect(isMessageEditable(created, new Date('2027-01-01T10:15:01Z'))).toBe(false);
  });

  it('shows unread counts up to 99+', () => {
    expect(unreadBadge(0)).toBe('');
    expect(unreadBadge(7)).toBe('7');
    expect(unreadBadge(100)).toBe('99+');
  });
});
