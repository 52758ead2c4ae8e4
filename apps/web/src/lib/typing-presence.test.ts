import { afterEach, describe, expect, it, vi } from 'vitest';
import { queriesShowing } from '../app/shell/live-updates.ts';
import { clearTyping, markTyping, typingIn } from './typing-presence.ts';

afterEach(() => vi.useRealTimers());

describe('chat presence and live messages', () => {
  it('shows who is typing in a project for 5 seconds after their last announcement', () => {
    vi.useFakeTimers();
    markTyping(3, 11);
    markTyping(4, 12);
    expect(typingIn(3)).toEqual([11]);
    vi.advanceTimersByTime(5_100);
    expect(typingIn(3)).toEqual([]);
    markTyping(3, 11);
    clearTyping(3, 11);
    expect(typingIn(3)).toEqual([]);
  });

  it('refetches the project chat (messages, search, unread) on a message event', () => {
    expect(queriesShowing({ type: 'message', id: '5', project: '3' })).toEqual([['chat', 3]]);
    expect(queriesShowing({ type: 'typing', id: '3', project: '3', user: '11' })).toEqual([]);
  });
});
