import { describe, expect, it } from 'vitest';
import type { Sprint } from '../api/get-sprints.ts';
import type { BoardTask } from '../api/get-tasks.ts';
import {
  currentSprints,
  DEFAULT_COLUMNS,
  doneTasks,
  moveColumn,
  newTasks,
  readOpenColumns,
  roadblockTasks,
  toggleColumn,
} from './board-model.ts';

const task = (id: number, over: Partial<BoardTask> = {}): BoardTask => ({
  id,
  title: `T${id}`,
  description: '',
  statusId: 1,
  typeId: null,
  priorityId: null,
  estimate: null,
  position: id,
  sprintId: null,
  ownerId: null,
  requesterId: null,
  tagIds: [],
  created: '',
  updated: '',
  started: null,
  finished: null,
  delivered: null,
  accepted: null,
  ...over,
});
const sprint = (id: number, statusId: number): Sprint => ({
  id,
  number: id,
  statusId,
  started: null,
  finished: null,
  created: '',
});

describe('board columns', () => {
  it('puts tasks without a sprint in New Tasks by position and finished sprints in Done', () => {
    const tasks = [
      task(1, { position: 2 }),
      task(2, { position: 0 }),
      task(3, { sprintId: 9 }),
      task(4, { sprintId: 8 }),
    ];
    expect(newTasks(tasks).map((t) => t.id)).toEqual([2, 1]);
    expect(doneTasks(tasks, [sprint(9, 3), sprint(8, 2)]).map((t) => t.id)).toEqual([3]);
  });

  it('lists the active (newest started) sprint first, then the newest', () => {
    expect(currentSprints([sprint(1, 2), sprint(3, 1), sprint(2, 3)]).map((s) => s.id)).toEqual([1, 3]);
    expect(currentSprints([sprint(1, 1), sprint(3, 1)]).map((s) => s.id)).toEqual([3, 1]);
  });

  it('counts an accepted task of a running sprint as done', () => {
    const tasks = [task(1, { sprintId: 8, statusId: 5 }), task(2, { sprintId: 8, statusId: 4 })];
    expect(doneTasks(tasks, [sprint(8, 2)]).map((t) => t.id)).toEqual([1]);
  });

  it('shows open Blocker tasks as roadblocks', () => {
    const tasks = [task(1, { typeId: 2 }), task(2, { typeId: 2, statusId: 5 }), task(3, { typeId: 1 })];
    expect(roadblockTasks(tasks).map((t) => t.id)).toEqual([1]);
  });

  it('toggles and reorders columns, and reads the stored set safely', () => {
    expect(toggleColumn(['current', 'new'], 'new')).toEqual(['current']);
    expect(toggleColumn(['current'], 'tag:4')).toEqual(['current', 'tag:4']);
    expect(moveColumn(['current', 'new', 'done'], 'done', 'current')).toEqual(['done', 'current', 'new']);
    expect(readOpenColumns({ getItem: () => '["new","tag:3"]' }, 1)).toEqual(['new', 'tag:3']);
    expect(readOpenColumns({ getItem: () => '{bad' }, 1)).toEqual(DEFAULT_COLUMNS);
    expect(readOpenColumns({ getItem: () => '["<script>"]' }, 1)).toEqual(DEFAULT_COLUMNS);
  });
});
