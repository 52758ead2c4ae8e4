import { describe, expect, it } from 'vitest';
import { changedElsewhere, markLocalChange, markRemoteChange } from '../../lib/live-changes.ts';
import { queriesShowing } from './live-updates.ts';

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
    for (const type of ['file', 'link', 'team'])
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

  it('refetches nothing for presence or an unknown kind', () => {
    expect(queriesShowing({ type: 'editing', id: '1', project: '7', user: '3' })).toEqual([]);
    expect(queriesShowing({ type: 'unknown', id: '1', project: '7' })).toEqual([]);
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
