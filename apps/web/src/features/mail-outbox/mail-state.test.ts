import { describe, expect, it } from 'vitest';
import { mailState } from './mail-state.ts';

describe('mailState', () => {
  it('names each delivery state with its attempts', () => {
    expect(mailState({ status: 'queued', attempts: 0, nextAttempt: null })).toBe('Queued');
    expect(mailState({ status: 'sent', attempts: 1, nextAttempt: null })).toBe('Sent');
    expect(mailState({ status: 'sent', attempts: 3, nextAttempt: null })).toBe('Sent after 3 attempts');
    expect(mailState({ status: 'logged', attempts: 1, nextAttempt: null })).toBe('Logged (no SMTP)');
    expect(mailState({ status: 'failed', attempts: 10, nextAttempt: null })).toBe(
      'Failed (10 attempts), given up',
    );
    expect(mailState({ status: 'failed', attempts: 1, nextAttempt: '2027-01-02T03:04:00Z' })).toMatch(
      /^Failed \(1 attempt\), retry .+/,
    );
  });
});
