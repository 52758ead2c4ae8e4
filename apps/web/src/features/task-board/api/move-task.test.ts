import { describe, expect, it } from 'vitest';
import type { BoardTask } from './get-tasks.ts';
import { applyMove } from './move-task.ts';

const task = (id: number, sprintId: number | null, position: number) =>
  ({ id, sprintId, position, title: `T${id}` }) as BoardTask;

describe('applyMove (the optimistic drop)', () => {
  it('reorders within a column and renumbers it', () => {
    const moved = applyMove([task(1, null, 0), task(2, null, 1), task(3, null, 2)], {
      taskId: 3,
      sprintId: null,
      index: 0,
    });
    expect(moved.map((t) => [t.id, t.position])).toEqual([
      [1, 1],
      [2, 2],
      [3, 0],
    ]);
  });

  it('moves a card from New Tasks into a sprint at the dropped index', () => {
    const moved = applyMove([task(1, null, 0), task(2, 7, 0), task(3, 7, 1)], {
      taskId: 1,
      sprintId: 7,
      index: 1,
    });
    expect(moved.find((t) => t.id === 1)).toMatchObject({ sprintId: 7, position: 1 });
    expect(moved.find((t) => t.id === 3)).toMatchObject({ position: 2 });
  });
});
