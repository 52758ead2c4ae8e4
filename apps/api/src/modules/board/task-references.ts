import {
  BOARD_MESSAGES,
  FALLBACK_MESSAGES,
  SPRINT_STATUS,
  TASK_PRIORITY_NAMES,
  TASK_TYPE_NAMES,
  type TaskRelationships,
} from '@dd/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { sprints, tags } from '../../db/schema/index.ts';
import { AppError, rel } from '../../lib/app-error.ts';
import { projectUserIds } from './project-users.ts';
import type { DbOrTx } from './tx.ts';

const invalid = (title: string, pointer: string) => new AppError('unprocessable', { title, pointer });

/** Why a task may not go to a sprint (checkSprint's checks, or placeOnly's in SQL), as the 422 the user reads. */
export const sprintRefused = (why: 'other-project' | 'finished') =>
  invalid(
    why === 'finished' ? BOARD_MESSAGES.sprintFinished : BOARD_MESSAGES.sprintOfOtherProject,
    rel('sprint'),
  );

/** The sprint a task goes to must be this project's and not finished. */
export async function checkSprint(db: DbOrTx, projectId: number, sprintId: number | null) {
  if (sprintId === null) return null;
  const [sprint] = await db
    .select()
    .from(sprints)
    .where(and(eq(sprints.id, sprintId), eq(sprints.projectId, projectId)));
  if (!sprint) throw sprintRefused('other-project');
  if (sprint.sprintStatusId === SPRINT_STATUS.finished) throw sprintRefused('finished');
  return sprint;
}

/** Owner and requester are people of the project. */
export async function checkPeople(db: DbOrTx, projectId: number, people: Record<string, number | null>) {
  const allowed = new Set(await projectUserIds(db, projectId));
  for (const [name, id] of Object.entries(people)) {
    if (id !== null && !allowed.has(id)) throw invalid(BOARD_MESSAGES.notProjectUser, rel(name));
  }
}

export async function checkTags(db: DbOrTx, projectId: number, tagIds: number[]) {
  const unique = [...new Set(tagIds)];
  if (unique.length === 0) return unique;
  const found = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.projectId, projectId), inArray(tags.id, unique)));
  if (found.length !== unique.length) throw invalid(BOARD_MESSAGES.tagOfOtherProject, rel('tag'));
  return unique;
}

export function checkLookup(
  id: number | null | undefined,
  names: Readonly<Record<number, string>>,
  pointer: string,
) {
  if (id !== null && id !== undefined && names[id] === undefined)
    throw invalid(FALLBACK_MESSAGES.invalidId, pointer);
  return id;
}

/** Reads type/priority/status ids sent either as attributes or as relationships (docs/product.md §A7 sends both). */
export function lookupIds(
  attrs: { 'task-type-id'?: number | null; 'task-priority-id'?: number | null; 'task-status-id'?: number },
  rels: TaskRelationships,
) {
  const typeId = rels.type ? (rels.type.data?.id ?? null) : attrs['task-type-id'];
  const priorityId = rels.priority ? (rels.priority.data?.id ?? null) : attrs['task-priority-id'];
  const statusId = rels.status?.data ? rels.status.data.id : attrs['task-status-id'];
  checkLookup(typeId, TASK_TYPE_NAMES, '/data/attributes/task-type-id');
  checkLookup(priorityId, TASK_PRIORITY_NAMES, '/data/attributes/task-priority-id');
  return { typeId, priorityId, statusId };
}
