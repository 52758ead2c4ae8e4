import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notify, rowsOf } from './notify.ts';
import { projectClients } from './recipients.ts';

type Tx = Pick<Db, 'execute' | 'select'>;

const projectTitle = async (tx: Tx, projectId: number) =>
  (await rowsOf<{ title: string }>(tx, sql`select title from projects where id = ${projectId}`))[0]?.title ??
  '';

/**
 * A task moved to Delivered (status 4), on the board or by a commit: the project's clients, who accept
 * or reject it on the project page (docs/product.md §F7), hear of it. Never the one who delivered it.
 */
export async function notifyDelivered(
  tx: Tx,
  input: { projectId: number; taskId: number; title: string; actorId: number | null; at: Date },
): Promise<void> {
  const recipients = (await projectClients(tx, input.projectId)).filter((id) => id !== input.actorId);
  if (recipients.length === 0) return;
  await notify(tx, {
    kind: 'task-review-requested',
    recipients,
    title: `"${input.title}" was delivered for review in "${await projectTitle(tx, input.projectId)}"`,
    link: `/project/daily-updates/${input.projectId}`,
    subject: { type: 'task', id: input.taskId },
    projectId: input.projectId,
    at: input.at,
  });
}

/**
 * A delivered task was accepted or rejected (by the product owner on the project page, by staff on the
 * board or by a commit): its owner and the project's project managers hear of it, staff only, never
 * the one who decided.
 */
export async function notifyDecided(
  tx: Tx,
  input: {
    projectId: number;
    taskId: number;
    title: string;
    ownerId: number | null;
    decision: 'accept' | 'reject';
    actorId: number | null;
    at: Date;
  },
): Promise<void> {
  const staff = await rowsOf<{ id: number }>(
    tx,
    sql`
    select u.id from users u where u.role <> 'client' and u.id in (
      select ${input.ownerId ?? 0}::int
      union select user_id from project_members where project_id = ${input.projectId} and kind = 'projectManager')`,
  );
  const recipients = staff.map((r) => Number(r.id)).filter((id) => id !== input.actorId);
  if (recipients.length === 0) return;
  const word = input.decision === 'accept' ? 'accepted' : 'rejected';
  await notify(tx, {
    kind: 'task-review-decided',
    recipients,
    title: `"${input.title}" was ${word} in "${await projectTitle(tx, input.projectId)}"`,
    link: `/project/tasks/${input.projectId}`,
    subject: { type: 'task', id: input.taskId },
    projectId: input.projectId,
    at: input.at,
  });
}

/** Someone was mentioned in a project's chat: they hear of it (the people a message may mention). */
export async function notifyMentioned(
  tx: Tx,
  input: { projectId: number; messageId: number; authorId: number; mentioned: number[]; at: Date },
): Promise<void> {
  const recipients = input.mentioned.filter((id) => id !== input.authorId);
  if (recipients.length === 0) return;
  const [author] = await rowsOf<{ name: string | null }>(
    tx,
    sql`select name from users where id = ${input.authorId}`,
  );
  await notify(tx, {
    kind: 'chat-mention',
    recipients,
    title: `${author?.name || 'Someone'} mentioned you in "${await projectTitle(tx, input.projectId)}"`,
    link: `/project/chat/${input.projectId}`,
    subject: { type: 'message', id: input.messageId },
    projectId: input.projectId,
    at: input.at,
  });
}
