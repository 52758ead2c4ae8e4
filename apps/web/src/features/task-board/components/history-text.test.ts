import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../api/get-project-history.ts';
import { describeHistoryEntry } from './history-text.ts';

const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  id: 1,
  entity: 'task',
  entityId: 4,
  action: 'start',
  details: { title: 'Login' },
  actorName: 'Peter',
  created: '',
  ...over,
});

describe('describeHistoryEntry', () => {
  it('words task actions, moves and sprint changes', () => {
    expect(describeHistoryEntry(entry({}))).toBe('started task #4 “Login”');
    expect(describeHistoryEntry(entry({ action: 'reject' }))).toBe('rejected task #4 “Login”');
    expect(
      describeHistoryEntry(entry({ action: 'moved', details: { title: 'Login', toSprintId: null } })),
    ).toBe('moved task #4 “Login” to New Tasks');
    expect(
      describeHistoryEntry(
        entry({ entity: 'sprint', entityId: 2, action: 'finished', details: { moved: 2, to: 3 } }),
      ),
    ).toBe('finished sprint #2; 2 unfinished task(s) to sprint #3');
    expect(
      describeHistoryEntry(
        entry({ action: 'updated', details: { title: 'L', changes: { title: {}, estimate: {} } } }),
      ),
    ).toBe('updated task #4 “L” (title, estimate)');
  });

  it("words a person's e-mail changed by someone else (addresses arrive masked)", () => {
    expect(
      describeHistoryEntry(
        entry({
          entity: 'user',
          entityId: 7,
          action: 'email-changed',
          details: { name: 'Olivia', from: 'o***a@c***.example', to: 'a***r@e***.example' },
        }),
      ),
    ).toBe('changed the e-mail of Olivia from o***a@c***.example to a***r@e***.example');
  });

  it('words a registered person added as an observer through an invitation', () => {
    expect(
      describeHistoryEntry(
        entry({ entity: 'user', entityId: 8, action: 'observer-added', details: { name: 'Ann Assist' } }),
      ),
    ).toBe('added Ann Assist to the project as an observer');
  });
});

describe('describeHistoryEntry for discovery calls', () => {
  it('words staff changes to a call, times in UTC', () => {
    expect(
      describeHistoryEntry(
        entry({
          entity: 'call',
          entityId: 9,
          action: 'approved',
          details: { scheduled: '2026-11-24T17:00:00.000Z' },
        }),
      ),
    ).toBe('approved discovery call #9 at 2026-11-24 17:00 UTC');
    expect(
      describeHistoryEntry(
        entry({
          entity: 'call',
          entityId: 9,
          action: 'moved',
          details: { from: '2026-11-24T17:00:00.000Z', scheduled: '2026-11-25T18:30:00.000Z' },
        }),
      ),
    ).toBe('moved discovery call #9 from 2026-11-24 17:00 UTC to 2026-11-25 18:30 UTC');
  });
});
