/**
 * Task statuses and their actions (docs/product.md §A4). The spec gives only the ids and the actions; the names
 * are ours, picked to read like the actions that lead to each status (Start → Started, ...). Status 8
 * offers no action; we call it Icebox, the usual name for parked work.
 */
export const TASK_STATUS = {
  unstarted: 1,
  started: 2,
  finished: 3,
  delivered: 4,
  accepted: 5,
  rejected: 6,
  restarted: 7,
  icebox: 8,
} as const;

export type TaskStatusId = (typeof TASK_STATUS)[keyof typeof TASK_STATUS];
export const TASK_STATUS_IDS: readonly TaskStatusId[] = [1, 2, 3, 4, 5, 6, 7, 8];

export const TASK_STATUS_NAMES: Readonly<Record<TaskStatusId, string>> = {
  1: 'Unstarted',
  2: 'Started',
  3: 'Finished',
  4: 'Delivered',
  5: 'Accepted',
  6: 'Rejected',
  7: 'Restarted',
  8: 'Icebox',
};

export const TASK_ACTIONS = ['start', 'finish', 'deliver', 'accept', 'reject', 'restart'] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

export const TASK_ACTION_LABELS: Readonly<Record<TaskAction, string>> = {
  start: 'Start',
  finish: 'Finish',
  deliver: 'Deliver',
  accept: 'Accept',
  reject: 'Reject',
  restart: 'Restart',
};

const TRANSITIONS: Readonly<Record<TaskStatusId, Partial<Record<TaskAction, TaskStatusId>>>> = {
  1: { start: 2 },
  2: { finish: 3 },
  3: { deliver: 4 },
  4: { accept: 5, reject: 6 },
  5: {}, // accepted: shows its accepted date instead of an action
  6: { restart: 7 },
  7: { finish: 3 },
  8: {},
};

export function isTaskStatusId(value: unknown): value is TaskStatusId {
  return typeof value === 'number' && (TASK_STATUS_IDS as readonly number[]).includes(value);
}

/** The actions a task in a sprint offers, in display order. */
export function actionsFor(statusId: TaskStatusId): TaskAction[] {
  return TASK_ACTIONS.filter((action) => TRANSITIONS[statusId][action] !== undefined);
}

export class IllegalTaskTransitionError extends Error {
  readonly statusId: number;
  readonly action: string;
  constructor(statusId: number, action: string) {
    super(`Task action "${action}" is not allowed from status ${statusId}`);
    this.name = 'IllegalTaskTransitionError';
    this.statusId = statusId;
    this.action = action;
  }
}

/** The status a task moves to; throws IllegalTaskTransitionError when the action is not offered. */
export function applyTaskAction(statusId: TaskStatusId, action: TaskAction): TaskStatusId {
  const next = isTaskStatusId(statusId) ? TRANSITIONS[statusId][action] : undefined;
  if (next === undefined) throw new IllegalTaskTransitionError(statusId, action);
  return next;
}

/** Whether a PATCH moving a task from one status to another follows one offered action. */
export function isTaskTransitionAllowed(from: TaskStatusId, to: TaskStatusId): boolean {
  return Object.values(TRANSITIONS[from]).includes(to);
}

/** The one action that moves a task from one status to another, or null when no action does. */
export function actionBetween(from: TaskStatusId, to: TaskStatusId): TaskAction | null {
  if (!isTaskStatusId(from)) return null;
  return TASK_ACTIONS.find((action) => TRANSITIONS[from][action] === to) ?? null;
}

/** The statuses a new task may start in: Unstarted, or parked in the Icebox (8, which offers no action). */
export const TASK_CREATE_STATUSES: readonly TaskStatusId[] = [TASK_STATUS.unstarted, TASK_STATUS.icebox];

/** A task is open until it is accepted. */
export function isTaskOpen(task: { statusId: number }): boolean {
  return task.statusId !== TASK_STATUS.accepted;
}

/**
 * The lifecycle time each action records (the modal's date slider: Start, Delivered, Accepted). Restart
 * is a new start; Finish records its own time; Reject keeps the earlier times, as the history shows it.
 */
export type TaskLifecycleField = 'startedAt' | 'finishedAt' | 'deliveredAt' | 'acceptedAt';
export const TASK_ACTION_STAMPS: Readonly<Record<TaskAction, TaskLifecycleField | null>> = {
  start: 'startedAt',
  finish: 'finishedAt',
  deliver: 'deliveredAt',
  accept: 'acceptedAt',
  reject: null,
  restart: 'startedAt',
};

/** Task types as seeded (docs/product.md §A3): Bug, Blocker, Feature. Open Blocker tasks are the roadblocks. */
export const TASK_TYPE = { bug: 1, blocker: 2, feature: 3 } as const;
export const TASK_TYPE_NAMES: Readonly<Record<number, string>> = { 1: 'Bug', 2: 'Blocker', 3: 'Feature' };
export const TASK_PRIORITY_NAMES: Readonly<Record<number, string>> = {
  1: 'Low',
  2: 'Medium',
  3: 'High',
  4: 'Critical',
};

/** Finishing a sprint moves its unfinished tasks to the next sprint or back to New Tasks (the finish dialog). */
export const UNFINISHED_TASK_TARGETS = ['next-sprint', 'new-tasks'] as const;
export type UnfinishedTaskTarget = (typeof UNFINISHED_TASK_TARGETS)[number];

/** Sprint statuses (docs/product.md §A3): 1 new, 2 started, 3 finished. */
export const SPRINT_STATUS = { new: 1, started: 2, finished: 3 } as const;
export const SPRINT_STATUS_NAMES: Readonly<Record<number, string>> = {
  1: 'New',
  2: 'Started',
  3: 'Finished',
};
export type SprintStatusId = (typeof SPRINT_STATUS)[keyof typeof SPRINT_STATUS];

export type SprintState = { statusId: SprintStatusId; started: Date | null; finished: Date | null };

export class IllegalSprintTransitionError extends Error {
  readonly statusId: number;
  readonly action: 'start' | 'finish';
  constructor(statusId: number, action: 'start' | 'finish') {
    super(`Sprint cannot ${action} from status ${statusId}`);
    this.name = 'IllegalSprintTransitionError';
    this.statusId = statusId;
    this.action = action;
  }
}

/** Start sets the started time and status 2 (docs/product.md §A4); only a new sprint can start. */
export function startSprint<T extends SprintState>(sprint: T, now: Date): T {
  if (sprint.statusId !== SPRINT_STATUS.new) throw new IllegalSprintTransitionError(sprint.statusId, 'start');
  return { ...sprint, statusId: SPRINT_STATUS.started, started: now };
}

/**
 * Finish sets the finished time and status 3, moving the sprint from current to done (docs/product.md §A4).
 * Only a started sprint can finish: a sprint that never ran has nothing to close.
 */
export function finishSprint<T extends SprintState>(sprint: T, now: Date): T {
  if (sprint.statusId !== SPRINT_STATUS.started) {
    throw new IllegalSprintTransitionError(sprint.statusId, 'finish');
  }
  return { ...sprint, statusId: SPRINT_STATUS.finished, finished: now };
}

/** A sprint is "current" until it is finished. */
export function isCurrentSprint(sprint: { statusId: number }): boolean {
  return sprint.statusId !== SPRINT_STATUS.finished;
}

/**
 * The active sprint (docs/product.md §A4: the first listed current one): the newest started sprint, so a new,
 * unstarted sprint never takes the badge from the running one (docs/product.md §F5); when none has started, the
 * newest current sprint (where BACKLOG puts a task). Newest = highest id.
 */
export function activeSprint<T extends { id: number; statusId: number }>(
  sprints: readonly T[],
): T | undefined {
  let active: T | undefined;
  const rank = (s: T) => (s.statusId === SPRINT_STATUS.started ? 1 : 0);
  for (const sprint of sprints) {
    if (!isCurrentSprint(sprint)) continue;
    if (
      active === undefined ||
      rank(sprint) > rank(active) ||
      (rank(sprint) === rank(active) && sprint.id > active.id)
    )
      active = sprint;
  }
  return active;
}

/**
 * A sprint's number within its project, as the board and the report both show it ("Sprint 2" is the
 * project's second sprint): by creation order, i.e. ascending id, from 1. Ids are global, so the id itself
 * is no name for a sprint.
 */
export function sprintNumbers(ids: readonly number[]): Map<number, number> {
  return new Map([...ids].sort((a, b) => a - b).map((id, index) => [id, index + 1]));
}
