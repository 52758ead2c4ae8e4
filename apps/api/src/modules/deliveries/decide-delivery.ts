import { DELIVERY_MESSAGES, type DeliveryDecision, TASK_STATUS } from '@dd/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { taskComments, tasks, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MailMessage } from '../../plugins/app/mailer.ts';
import { recordEvent } from '../board/history.ts';
import { lockBoard } from '../board/task-queries.ts';
import type { Tx } from '../board/tx.ts';
import { publishEvent } from '../events/publish-event.ts';
import { notifyDecided } from '../notifications/review-notifications.ts';
import { decisionMail } from './decision-mail.ts';

export type Decision = {
  taskId: number;
  projectId: number;
  actorId: number;
  decision: DeliveryDecision;
  reason: string | null;
  now: Date;
};
type Context = {
  productName: string;
  publicUrl: string;
  /** queues a mail inside the decision's transaction (the job queue sends it after commit) */
  sendMail: (message: MailMessage, tx: Tx) => Promise<unknown>;
  /** the Reply-To of this person's replies to the project, when replies come back (modules/inbound-mail) */
  replyTo?: (userId: number, projectId: number) => string | undefined;
};

/**
 * Accept (4 → 5, with its accepted date) or reject (4 → 6, the reason as the decider's comment on the
 * task). ONE conditional UPDATE ... WHERE status = 4 decides: of two decisions at once, the second finds
 * no row in status 4 and answers 409, so a task is never decided twice; the board lock orders it with a
 * staff decision made on the board at the same moment. The history row, the live events
 * (board and review card) and the owner's mail are written in the same transaction.
 */
export async function decideDelivery(db: Db, input: Decision, context: Context): Promise<void> {
  const accept = input.decision === 'accept';
  const to = accept ? TASK_STATUS.accepted : TASK_STATUS.rejected;
  await db.transaction(async (tx) => {
    // In turn with the board's own writes (a staff Accept or Reject by PATCH reads the task's status
    // under this lock): whichever comes second finds the task no longer in status 4.
    await lockBoard(tx, input.projectId);
    const [task] = await tx
      .update(tasks)
      .set({
        taskStatusId: to,
        ...(accept ? { acceptedAt: input.now } : {}),
        decidedAt: input.now,
        decidedById: input.actorId,
        decisionReason: input.reason,
        updatedAt: input.now,
      })
      .where(
        and(
          eq(tasks.id, input.taskId),
          eq(tasks.projectId, input.projectId),
          eq(tasks.taskStatusId, TASK_STATUS.delivered),
        ),
      )
      .returning({ id: tasks.id, title: tasks.title, ownerId: tasks.ownerId });
    if (!task) throw new AppError('conflict', { title: DELIVERY_MESSAGES.alreadyDecided });
    const base = { projectId: input.projectId, actorId: input.actorId, at: input.now };
    if (!accept && input.reason) {
      const [comment] = await tx
        .insert(taskComments)
        .values({ taskId: task.id, authorId: input.actorId, body: input.reason, createdAt: input.now })
        .returning({ id: taskComments.id });
      await recordEvent(tx, {
        ...base,
        entity: 'comment',
        entityId: comment!.id,
        action: 'created',
        details: { taskId: task.id, title: task.title },
      });
    }
    await recordEvent(tx, {
      ...base,
      entity: 'task',
      entityId: task.id,
      action: input.decision,
      details: { title: task.title, from: TASK_STATUS.delivered, to, review: true, reason: input.reason },
    });
    await publishEvent(tx, { kind: 'delivery', id: task.id, projectId: input.projectId });
    await notifyDecided(tx, {
      projectId: input.projectId,
      taskId: task.id,
      title: task.title,
      ownerId: task.ownerId,
      decision: input.decision,
      actorId: input.actorId,
      at: input.now,
    });
    if (task.ownerId === null) return;
    const [people] = await tx
      .select({ ownerName: users.name, ownerEmail: users.email })
      .from(users)
      .where(eq(users.id, task.ownerId));
    const [decider] = await tx.select({ name: users.name }).from(users).where(eq(users.id, input.actorId));
    if (!people?.ownerEmail) return;
    const mail = decisionMail({
      productName: context.productName,
      url: `${context.publicUrl}/project/tasks/${input.projectId}`,
      ownerName: people.ownerName,
      deciderName: decider?.name ?? 'The product owner',
      title: task.title,
      decision: input.decision,
      reason: input.reason,
    });
    const replyTo = context.replyTo?.(task.ownerId, input.projectId);
    await context.sendMail({ to: people.ownerEmail, ...mail, ...(replyTo ? { replyTo } : {}) }, tx);
  });
}
