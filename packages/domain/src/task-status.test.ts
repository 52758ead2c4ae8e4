import { describe, expect, it } from 'vitest';
import {
  actionBetween,
  actionsFor,
  activeSprint,
  applyTaskAction,
  finishSprint,
  IllegalSprintTransitionError,
  IllegalTaskTransitionError,
  isTaskTransitionAllowed,
  SPRINT_STATUS,
  type SprintState,
  sprintNumbers,
  startSprint,
  TASK_ACTION_STAMPS,
  TASK_ACTIONS,
  TASK_STATUS_IDS,
  TASK_STATUS_NAMES,
  type TaskAction,
  type TaskStatusId,
} from './task-status.ts';

/** Admin docs/product.md §A4, written out: status → action → next status. */
const EXPECTED: Record<TaskStatusId, Partial<Record<TaskAction, TaskStatusId>>> = {
  1: { start: 2 },
  2: { finish: 3 },
  3: { deliver: 4 },
  4: { accept: 5, reject: 6 },
  5: {},
  6: { restart: 7 },
  7: { finish: 3 },
  8: {},
};

describe('task status actions: every status × every action', () => {
  for (const status of TASK_STATUS_IDS) {
    for (const action of TASK_ACTIONS) {
      const next = EXPECTED[status][action];
      if (next === undefined) {
        it(`${status} ${TASK_STATUS_NAMES[status]} · ${action} → refused`, () => {
          expect(() => applyTaskAction(status, action)).toThrow(IllegalTaskTransitionError);
        });
      } else {
        it(`${status} ${TASK_STATUS_NAMES[status]} · ${action} → ${next}`, () => {
          expect(applyTaskAction(status, action)).toBe(next);
        });
      }
    }
    it(`${status} offers ${Object.keys(EXPECTED[status]).join(', ') || 'nothing'}`, () => {
      expect(actionsFor(status)).toEqual(Object.keys(EXPECTED[status]));
    });
  }

  it('names the refused status and action on the error', () => {
    try {
      applyTaskAction(5, 'restart');
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ statusId: 5, action: 'restart' });
    }
  });

  it('refuses unknown status ids at runtime', () => {
    expect(() => applyTaskAction(9 as TaskStatusId, 'start')).toThrow(IllegalTaskTransitionError);
  });

  it('checks status-to-status moves', () => {
    expect(isTaskTransitionAllowed(4, 6)).toBe(true);
    expect(isTaskTransitionAllowed(7, 3)).toBe(true);
    expect(isTaskTransitionAllowed(1, 3)).toBe(false);
    expect(isTaskTransitionAllowed(8, 1)).toBe(false);
  });
});

describe('sprints', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const fresh: SprintState & { id: number } = {
    id: 1,
    statusId: SPRINT_STATUS.new,
    started: null,
    finished: null,
  };

  it('starts a new sprint and then finishes it', () => {
    const started = startSprint(fresh, now);
    expect(started).toEqual({ id: 1, statusId: 2, started: now, finished: null });
    const later = new Date('2026-12-06T10:00:00Z');
    expect(finishSprint(started, later)).toEqual({ id: 1, statusId: 3, started: now, finished: later });
  });

  it('refuses to start twice, finish before start, or finish twice', () => {
    const started = startSprint(fresh, now);
    expect(() => startSprint(started, now)).toThrow(IllegalSprintTransitionError);
    expect(() => finishSprint(fresh, now)).toThrow(IllegalSprintTransitionError);
    expect(() => finishSprint(finishSprint(started, now), now)).toThrow(IllegalSprintTransitionError);
  });

  it('picks the newest started sprint as active, never a newer unstarted one', () => {
    expect(
      activeSprint([
        { id: 3, statusId: 3 },
        { id: 2, statusId: 2 },
        { id: 4, statusId: 1 },
        { id: 1, statusId: 1 },
      ])?.id,
    ).toBe(2);
    expect(activeSprint([{ id: 3, statusId: 3 }])).toBeUndefined();
  });

  it('falls back to the newest unfinished sprint when none has started', () => {
    expect(
      activeSprint([
        { id: 3, statusId: 3 },
        { id: 4, statusId: 1 },
        { id: 1, statusId: 1 },
      ])?.id,
    ).toBe(4);
  });
});

describe('status-to-status moves (PATCH task-status-id): every status × every status', () => {
  for (const from of TASK_STATUS_IDS) {
    for (const to of TASK_STATUS_IDS) {
      const action = (Object.keys(EXPECTED[from]) as TaskAction[]).find((a) => EXPECTED[from][a] === to);
      it(`${from} → ${to}: ${action ?? 'refused'}`, () => {
        expect(actionBetween(from, to)).toBe(action ?? null);
        expect(isTaskTransitionAllowed(from, to)).toBe(action !== undefined);
      });
    }
  }
});

describe('lifecycle times recorded by each action', () => {
  it('stamps Start, Finish, Deliver and Accept; Restart is a new start; Reject keeps the times', () => {
    expect(TASK_ACTION_STAMPS).toEqual({
      start: 'startedAt',
      finish: 'finishedAt',
      deliver: 'deliveredAt',
      accept: 'acceptedAt',
      reject: null,
      restart: 'startedAt',
    });
  });
});

describe('sprintNumbers', () => {
  it("numbers a project's sprints from 1 in creation (id) order, whatever order they come in", () => {
    expect([...sprintNumbers([42, 7, 19]).entries()]).toEqual([
      [7, 1],
      [19, 2],
      [42, 3],
    ]);
    expect(sprintNumbers([]).size).toBe(0);
  });
});
