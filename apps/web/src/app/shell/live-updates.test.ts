import { LIVE_EVENT_KINDS, type LiveEventKind, STORED_LIVE_EVENT_KINDS } from '@dd/domain';
import { describe, expect, it } from 'vitest';
import { changedElsewhere, markLocalChange, markRemoteChange } from '../../lib/live-changes.ts';
import { parseChange, QUERIES_SHOWING, queriesShowing } from './live-updates.ts';

describe('queriesShowing: a live event refetches exactly what shows it', () => {
  it('maps board kinds to that project board', () => {
    expect(queriesShowing({ type: 'task', id: '9', project: '4' })).toEqual([
      ['task-board', 4, 'tasks'],
      ['task-board', 4, 'sidebar'],
      ['task-board', 4, 'history'],
    ]);
    expect(queriesShowing({ type: 'sprint', id: '2', project: '4' })).toEqual([['task-board', 4]]);
    expect(queriesShowing({ type: 'comment', id: '3', project: '4' })).toEqual([
      ['task-board', 4, 'comments'],
      ['task-board', 4, 'history'],
    ]);
  });

  it('maps the project page kinds to the feed, the project document and the strip', () => {
    expect(queriesShowing({ type: 'update', id: '1', project: '7' })).toEqual([['project-updates', 7]]);
    for (const type of ['file', 'link', 'team'] as const)
      expect(queriesShowing({ type, id: '1', project: '7' })).toEqual([['project', 7]]);
    expect(queriesShowing({ type: 'project', id: '7', project: '7' })).toEqual([
      ['project', 7],
      ['project', 'mine'],
      ['projects', 'table'],
    ]);
    expect(queriesShowing({ type: 'call', id: '5', project: '7' })).toContainEqual(['my-scheduled-calls', 7]);
    expect(queriesShowing({ type: 'delivery', id: '5', project: '7' })).toEqual([
      ['deliveries', 7],
      ['project-progress', 7],
    ]);
  });

  it('refetches nothing for presence', () => {
    expect(queriesShowing({ type: 'editing', id: '1', project: '7', user: '3' })).toEqual([]);
    expect(queriesShowing({ type: 'typing', id: '7', project: '7', user: '3' })).toEqual([]);
  });

  it('has one entry for every kind of the domain, and every stored kind refetches something', () => {
    expect(Object.keys(QUERIES_SHOWING).sort()).toEqual([...LIVE_EVENT_KINDS].sort());
    for (const type of STORED_LIVE_EVENT_KINDS)
      expect(queriesShowing({ type, id: '1', project: '7' }).length, type).toBeGreaterThan(0);
  });

  it('does not compile an unknown kind, or a table that misses a kind', () => {
    // @ts-expect-error: not a kind of the domain's union
    const unknown: LiveEventKind = 'unknown';
    // Never called: a frame of an unknown kind is dropped by parseChange before it gets here.
    // @ts-expect-error: the web cannot be asked about a kind the server does not send
    const askUnknown = () => queriesShowing({ type: 'unknown', id: '1', project: '7' });
    const { typing: _typing, ...missingTyping } = QUERIES_SHOWING;
    // @ts-expect-error: a table without 'typing' is not a table of every kind
    missingTyping satisfies Record<LiveEventKind, unknown>;
    expect([unknown, typeof askUnknown]).toEqual(['unknown', 'function']);
  });
});

describe('parseChange: a frame read with the domain schema', () => {
  it('reads each kind the server sends', () => {
    expect(parseChange('{"type":"task","id":"9","project":"4"}')).toEqual({
      type: 'task',
      id: '9',
      project: '4',
    });
    expect(parseChange('{"type":"editing","id":"9","project":"4","user":"3"}')).toEqual({
      type: 'editing',
      id: '9',
      project: '4',
      user: '3',
    });
  });

  it('drops an unknown kind, presence without its user, and malformed JSON', () => {
    expect(parseChange('{"type":"unknown","id":"1","project":"7"}')).toBeNull();
    expect(parseChange('{"type":"typing","id":"7","project":"7"}')).toBeNull();
    expect(parseChange('{"type":"task"')).toBeNull();
  });
});

describe('changedElsewhere', () => {
  it("counts another person's change, not the echo of this tab's own", () => {
    markRemoteChange('task', 101);
    expect(changedElsewhere('task', 101)).toBe(true);
    markLocalChange('task', 102);
    markRemoteChange('task', 102);
    expect(changedElsewhere('task', 102)).toBe(false);
  });
});
