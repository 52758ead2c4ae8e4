import { activeSprint, isTaskOpen, SPRINT_STATUS, TASK_STATUS, TASK_TYPE } from '@dd/domain';
import type { Sprint } from '../api/get-sprints.ts';
import type { BoardTask } from '../api/get-tasks.ts';

/** Board columns (docs/product.md §A2): the fixed ones, plus one per tag ('tag:<id>'). */
export type ColumnKey = 'mine' | 'current' | 'done' | 'new' | 'roadblocks' | 'history' | `tag:${number}`;
export const DEFAULT_COLUMNS: ColumnKey[] = ['current', 'new', 'done'];
export const COLUMN_TITLES: Record<string, string> = {
  mine: 'My Tasks',
  current: 'Current Sprint',
  done: 'Done',
  new: 'New Tasks',
  roadblocks: 'Roadblocks',
  history: 'Project history',
};

const byPosition = (a: BoardTask, b: BoardTask) => a.position - b.position || a.id - b.id;

/** Sprints that are not finished, the active one first, then newest first (docs/product.md §A4). */
export function currentSprints(sprints: Sprint[]): Sprint[] {
  const active = activeSprint(sprints);
  return sprints
    .filter((s) => s.statusId !== SPRINT_STATUS.finished)
    .sort((a, b) => (a.id === active?.id ? -1 : b.id === active?.id ? 1 : b.id - a.id));
}

export function sprintTasks(tasks: BoardTask[], sprintId: number): BoardTask[] {
  return tasks.filter((t) => t.sprintId === sprintId).sort(byPosition);
}

/** New Tasks: tasks in no sprint, in their dragged order. */
export function newTasks(tasks: BoardTask[]): BoardTask[] {
  return tasks.filter((t) => t.sprintId === null).sort(byPosition);
}

/**
 * Done: accepted tasks and the tasks of finished sprints (finishing moves the unfinished ones out), newest
 * sprint first; an Accept shows here at once, as the sidebar's count (docs/product.md §F5).
 */
export function doneTasks(tasks: BoardTask[], sprints: Sprint[]): BoardTask[] {
  const finished = new Map(
    sprints.filter((s) => s.statusId === SPRINT_STATUS.finished).map((s) => [s.id, s.id]),
  );
  return tasks
    .filter((t) => t.sprintId !== null && (finished.has(t.sprintId) || t.statusId === TASK_STATUS.accepted))
    .sort((a, b) => (b.sprintId ?? 0) - (a.sprintId ?? 0) || byPosition(a, b));
}

export function myTasks(tasks: BoardTask[], userId: number | null): BoardTask[] {
  return tasks.filter((t) => userId !== null && t.ownerId === userId).sort(byPosition);
}

/** Roadblocks: open Blocker tasks. */
export function roadblockTasks(tasks: BoardTask[]): BoardTask[] {
  return tasks.filter((t) => t.typeId === TASK_TYPE.blocker && isTaskOpen(t)).sort(byPosition);
}

export function tagTasks(tasks: BoardTask[], tagId: number): BoardTask[] {
  return tasks.filter((t) => t.tagIds.includes(tagId)).sort(byPosition);
}

/** The open columns, in their order, kept in browser storage per project (docs/product.md §A3). */
export const columnsStorageKey = (projectId: number) => `dd.task-board.columns.${projectId}`;

export function readOpenColumns(
  storage: Pick<Storage, 'getItem'> | undefined,
  projectId: number,
): ColumnKey[] {
  try {
    const raw = storage?.getItem(columnsStorageKey(projectId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (Array.isArray(parsed) && parsed.every((k) => typeof k === 'string' && isColumnKey(k)))
      return [...new Set(parsed as ColumnKey[])];
  } catch {
    // Unreadable storage (private mode, bad JSON): fall back to the default set.
  }
  return DEFAULT_COLUMNS;
}

export function writeOpenColumns(
  storage: Pick<Storage, 'setItem'> | undefined,
  projectId: number,
  keys: ColumnKey[],
) {
  try {
    storage?.setItem(columnsStorageKey(projectId), JSON.stringify(keys));
  } catch {
    // Storage full or blocked: the board still works, it just forgets.
  }
}

export function isColumnKey(key: string): key is ColumnKey {
  return key in COLUMN_TITLES || /^tag:\d+$/.test(key);
}

/** Clicking a sidebar entry toggles its column: closing removes it, opening appends it at the end. */
export function toggleColumn(keys: ColumnKey[], key: ColumnKey): ColumnKey[] {
  return keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key];
}

/** Moves a column to another column's place (drag or keyboard). */
export function moveColumn(keys: ColumnKey[], from: ColumnKey, to: ColumnKey): ColumnKey[] {
  const fromIndex = keys.indexOf(from);
  const toIndex = keys.indexOf(to);
  if (fromIndex < 0 || toIndex < 0 || fromIndex === toIndex) return keys;
  const next = [...keys];
  next.splice(fromIndex, 1);
  next.splice(toIndex, 0, from);
  return next;
}
