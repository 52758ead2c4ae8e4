import {
  actionBetween,
  BOARD_MESSAGES,
  SPRINT_STATUS,
  TASK_ACTION_STAMPS,
  TASK_CREATE_STATUSES,
  TASK_STATUS,
  TASK_STATUS_NAMES,
  type TaskAttributes,
  type TaskRelationships,
  type TaskStatusId,
} from '@dd/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sprints, tasks, taskTags } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { publishEvent } from '../events/publish-event.ts';
import { notifyDecided, notifyDelivered } from '../notifications/review-notifications.ts';
import { recordEvent } from './history.ts';
import { placeOnly, placeTask } from './task-order.ts';
import { loadTask, lockBoard, type TaskWithTags } from './task-queries.ts';
import { checkPeople, checkSprint, checkTags, lookupIds, sprintRefused } from './task-references.ts';

type Change = {
  projectId: number;
  actorId: number;
  now: Date;
  attrs: TaskAttributes;
  rels: TaskRelationships;
};
const statusPointer = '/data/attributes/task-status-id';

/** POST /task/create: a task in New Tasks or a sprint, at the end of its column (docs/product.md §A7). */
export async function createTask(db: Db, input: Change): Promise<TaskWithTags> {
  const { attrs, rels, projectId } = input;
  if (attrs.title === undefined)
    throw new AppError('unprocessable', {
      title: BOARD_MESSAGES.taskTitleRequired,
      pointer: '/data/attributes/title',
    });
  const { typeId, priorityId, statusId = TASK_STATUS.unstarted } = lookupIds(attrs, rels);
  if (!TASK_CREATE_STATUSES.includes(statusId as TaskStatusId))
    throw new AppError('unprocessable', { title: BOARD_MESSAGES.createStatus, pointer: statusPointer });
  const id = await db.transaction(async (tx) => {
    await lockBoard(tx, projectId);
    const sprintId = rels.sprint?.data?.id ?? null;
    await checkSprint(tx, projectId, sprintId);
    const ownerId = rels.owner?.data?.id ?? null;
    const requesterId = rels.requester?.data?.id ?? input.actorId;
    await checkPeople(tx, projectId, { owner: ownerId, requester: rels.requester ? requesterId : null });
    const tagIds = await checkTags(
      tx,
      projectId,
      (rels.tag?.data ?? []).map((t) => t.id),
    );
    const [row] = await tx
      .insert(tasks)
      .values({
        projectId,
        sprintId,
        title: attrs.title!,
        description: attrs.description ?? null,
        taskStatusId: statusId,
        taskTypeId: typeId ?? null,
        taskPriorityId: priorityId ?? null,
        ownerId,
        requesterId,
        estimate: attrs.estimate ?? null,
        position: 0,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning({ id: tasks.id });
    const taskId = row!.id;
    if (tagIds.length > 0) await tx.insert(taskTags).values(tagIds.map((tagId) => ({ taskId, tagId })));
    await placeTask(tx, { projectId, sprintId, taskId, index: attrs.position });
    await recordEvent(tx, {
      projectId,
      actorId: input.actorId,
      entity: 'task',
      entityId: taskId,
      action: 'created',
      details: { title: attrs.title, sprintId },
      at: input.now,
    });
    return taskId;
  });
  return loadTask(db, id);
}

/** The status change of a PATCH: one offered action, only for a task inside a started sprint (docs/product.md §A4). */
async function statusChange(db: Parameters<typeof checkSprint>[0], task: TaskWithTags, to: TaskStatusId) {
  const from = task.taskStatusId as TaskStatusId;
  const action = actionBetween(from, to);
  if (action === null)
    throw new AppError('unprocessable', {
      title: BOARD_MESSAGES.transitionRefused(TASK_STATUS_NAMES[from] ?? String(from), TASK_STATUS_NAMES[to]),
      pointer: statusPointer,
    });
  const [sprint] = task.sprintId ? await db.select().from(sprints).where(eq(sprints.id, task.sprintId)) : [];
  if (!sprint || sprint.sprintStatusId !== SPRINT_STATUS.started)
    throw new AppError('unprocessable', { title: BOARD_MESSAGES.notInSprint, pointer: statusPointer });
  return action;
}

/**
 * The review columns a status action sets (docs/adr/0021): a delivery names who delivered and is
 * waiting again; a decision made on the board names who decided, with no reason.
 */
function reviewColumns(action: string, actorId: number, now: Date): Partial<typeof tasks.$inferInsert> {
  if (action === 'deliver')
    return { deliveredById: actorId, decidedAt: null, decidedById: null, decisionReason: null };
  if (action === 'accept' || action === 'reject')
    return { decidedAt: now, decidedById: actorId, decisionReason: null };
  return {};
}

/** Keys of a parsed body part whose value was sent (zod leaves absent optional keys undefined). */
const sent = (part: object) =>
  Object.entries(part)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key);

/**
 * A drag on the board: a position, and at most a sprint, nothing else. The web's move sends exactly
 * that (features/task-board/api/move-task.ts), and it is the board's commonest write.
 */
const isPlacement = (
  attrs: TaskAttributes,
  rels: TaskRelationships,
): attrs is TaskAttributes & { position: number } =>
  attrs.position !== undefined &&
  sent(attrs).every((key) => key === 'position') &&
  sent(rels).every((key) => key === 'sprint');

/** PATCH /task/{id}: fields, status action, sprint (column) and position; each change goes to history. */
export async function updateTask(db: Db, task: TaskWithTags, input: Change): Promise<TaskWithTags> {
  const { attrs, rels, projectId, now } = input;
  if (isPlacement(attrs, rels)) {
    await db.transaction(async (tx) => {
      await lockBoard(tx, projectId);
      const placed = await placeOnly(tx, {
        projectId,
        taskId: task.id,
        sprintId: rels.sprint ? (rels.sprint.data?.id ?? null) : undefined,
        index: attrs.position,
        actorId: input.actorId,
        now,
      });
      if (placed === 'not-found') throw notFound('Task');
      if (placed !== 'placed') throw sprintRefused(placed);
    });
    return loadTask(db, task.id);
  }
  const { typeId, priorityId, statusId } = lookupIds(attrs, rels);
  await db.transaction(async (tx) => {
    await lockBoard(tx, projectId);
    const fresh = await loadTask(tx, task.id);
    const set: Partial<typeof tasks.$inferInsert> = { updatedAt: now };
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    const field = <K extends keyof TaskWithTags & keyof typeof tasks.$inferInsert>(
      key: K,
      name: string,
      value: TaskWithTags[K] | undefined,
    ) => {
      if (value === undefined || value === fresh[key]) return;
      (set as Record<string, unknown>)[key] = value;
      changes[name] = { from: fresh[key], to: value };
    };
    field('title', 'title', attrs.title);
    field('description', 'description', attrs.description);
    field('estimate', 'estimate', attrs.estimate);
    field('taskTypeId', 'type', typeId);
    field('taskPriorityId', 'priority', priorityId);
    if (rels.owner || rels.requester) {
      const people = {
        owner: rels.owner ? (rels.owner.data?.id ?? null) : null,
        requester: rels.requester ? (rels.requester.data?.id ?? null) : null,
      };
      await checkPeople(tx, projectId, people);
      if (rels.owner) field('ownerId', 'owner', people.owner);
      if (rels.requester) field('requesterId', 'requester', people.requester);
    }
    if (changes.description) changes.description = { from: null, to: null }; // long text: note the change only

    let action: string | null = null;
    if (statusId !== undefined && statusId !== fresh.taskStatusId) {
      action = await statusChange(tx, fresh, statusId as TaskStatusId);
      set.taskStatusId = statusId;
      const stamp = TASK_ACTION_STAMPS[action as keyof typeof TASK_ACTION_STAMPS];
      if (stamp) set[stamp] = now;
      Object.assign(set, reviewColumns(action, input.actorId, now));
    }
    await tx.update(tasks).set(set).where(eq(tasks.id, task.id));

    if (rels.tag) {
      const tagIds = await checkTags(
        tx,
        projectId,
        rels.tag.data.map((t) => t.id),
      );
      const before = fresh.tagIds;
      if (before.join(',') !== [...tagIds].sort((a, b) => a - b).join(',')) {
        await tx.delete(taskTags).where(eq(taskTags.taskId, task.id));
        if (tagIds.length > 0)
          await tx.insert(taskTags).values(tagIds.map((tagId) => ({ taskId: task.id, tagId })));
        changes.tags = { from: before, to: tagIds };
      }
    }

    const base = { projectId, actorId: input.actorId, entity: 'task' as const, entityId: task.id, at: now };
    const title = attrs.title ?? fresh.title;
    if (Object.keys(changes).length > 0)
      await recordEvent(tx, { ...base, action: 'updated', details: { title, changes } });
    if (action) {
      await recordEvent(tx, {
        ...base,
        action,
        details: { title, from: fresh.taskStatusId, to: statusId },
      });
      // The product owner's review card follows deliveries and decisions made on the board.
      if (action === 'deliver' || action === 'accept' || action === 'reject')
        await publishEvent(tx, { kind: 'delivery', id: task.id, projectId });
      const review = { projectId, taskId: task.id, title, actorId: input.actorId, at: now };
      if (action === 'deliver') await notifyDelivered(tx, review);
      if (action === 'accept' || action === 'reject')
        await notifyDecided(tx, { ...review, ownerId: set.ownerId ?? fresh.ownerId, decision: action });
    }

    const moving = rels.sprint !== undefined && (rels.sprint.data?.id ?? null) !== fresh.sprintId;
    if (moving || attrs.position !== undefined) {
      const sprintId = rels.sprint ? (rels.sprint.data?.id ?? null) : fresh.sprintId;
      if (moving) await checkSprint(tx, projectId, sprintId);
      await placeTask(tx, { projectId, sprintId, taskId: task.id, index: attrs.position });
      await recordEvent(tx, {
        ...base,
        action: moving ? 'moved' : 'reordered',
        details: {
          title,
          fromSprintId: fresh.sprintId,
          toSprintId: sprintId,
          position: attrs.position ?? null,
        },
      });
    }
  });
  return loadTask(db, task.id);
}
