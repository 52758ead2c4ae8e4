import { CHAT_MESSAGES, isMessageEditable, mentionedIds } from '@dd/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messageMentions, messageReads, messages } from '../../db/schema/index.ts';
import { AppError, attr } from '../../lib/app-error.ts';
import type { DbOrTx } from '../board/tx.ts';
import { publishEvent } from '../events/publish-event.ts';
import { notifyMentioned } from '../notifications/review-notifications.ts';
import { loadMessage, type MessageRow, readState } from './message-queries.ts';

/** The people of a project a message may mention: owner, members and account manager, by name. */
async function participants(db: DbOrTx, projectId: number) {
  const result = (await db.execute(sql`
    select u.id, u.name from users u where u.id in (
      select owner_id from projects where id = ${projectId}
      union select account_manager_id from projects where id = ${projectId}
      union select user_id from project_members where project_id = ${projectId})`)) as unknown as {
    rows: Array<{ id: number; name: string | null }>;
  };
  return result.rows.map((r) => ({ id: Number(r.id), name: r.name ?? '' }));
}

/** Stores who a message mentions; those newly mentioned (not by an earlier version of it) are told. */
async function recordMentions(
  db: DbOrTx,
  message: { id: number; projectId: number; authorId: number; body: string },
  at: Date,
) {
  const ids = mentionedIds(message.body, await participants(db, message.projectId)).filter(
    (id) => id !== message.authorId,
  );
  if (ids.length === 0) return;
  const added = await db
    .insert(messageMentions)
    .values(ids.map((userId) => ({ messageId: message.id, userId })))
    .onConflictDoNothing()
    .returning({ userId: messageMentions.userId });
  await notifyMentioned(db, {
    projectId: message.projectId,
    messageId: message.id,
    authorId: message.authorId,
    mentioned: added.map((m) => m.userId),
    at,
  });
}

/** Moves a reader's marker forward (never back) to `lastReadId`, capped at the project's newest message. */
async function advanceMarker(db: DbOrTx, userId: number, projectId: number, lastReadId: number, now: Date) {
  await db.execute(sql`
    insert into ${messageReads} (user_id, project_id, last_read_id, read_at)
    select ${userId}, ${projectId}, least(${lastReadId}::int, coalesce((
      -- the project's newest id from its own index range (message-queries.ts says why '= any')
      select id from ${messages} where project_id = any(array[${projectId}]::int[])
      order by project_id desc, id desc limit 1), 0)), ${now}
    on conflict (user_id, project_id) do update
      set last_read_id = greatest(${messageReads.lastReadId}, excluded.last_read_id), read_at = excluded.read_at`);
}

/**
 * Links the files to the message: each must be a finished upload of this project by the author that no
 * message carries yet; otherwise nothing is posted.
 */
async function attachFiles(
  db: DbOrTx,
  messageId: number,
  input: { projectId: number; authorId: number; files: number[] },
) {
  const ids = [...new Set(input.files)];
  if (ids.length === 0) return;
  const linked = (await db.execute(sql`
    insert into message_files (message_id, file_id)
    select ${messageId}, f.id from project_files f
    where f.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) and f.project_id = ${input.projectId} and f.uploaded_by_id = ${input.authorId}
      and f.upload_lease_until is null
      and not exists (select 1 from message_files mf where mf.file_id = f.id)
    returning file_id`)) as unknown as { rows: unknown[] };
  if (linked.rows.length !== ids.length)
    throw new AppError('unprocessable', { title: CHAT_MESSAGES.fileUnknown, pointer: attr('files') });
}

export async function postMessage(
  db: Db,
  input: {
    projectId: number;
    authorId: number;
    body: string;
    replyTo: number | null;
    files?: number[];
    now: Date;
  },
): Promise<MessageRow> {
  const id = await db.transaction(async (tx) => {
    if (input.replyTo !== null) {
      const [answered] = await tx
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.id, input.replyTo), eq(messages.projectId, input.projectId)));
      if (!answered)
        throw new AppError('unprocessable', {
          title: CHAT_MESSAGES.replyToUnknown,
          pointer: attr('reply-to'),
        });
    }
    const [row] = await tx
      .insert(messages)
      .values({
        projectId: input.projectId,
        authorId: input.authorId,
        body: input.body,
        replyToId: input.replyTo,
        createdAt: input.now,
      })
      .returning({ id: messages.id });
    const messageId = row!.id;
    await attachFiles(tx, messageId, {
      projectId: input.projectId,
      authorId: input.authorId,
      files: input.files ?? [],
    });
    await recordMentions(
      tx,
      {
        id: messageId,
        projectId: input.projectId,
        authorId: input.authorId,
        body: input.body,
      },
      input.now,
    );
    // One's own message is read by oneself.
    await advanceMarker(tx, input.authorId, input.projectId, messageId, input.now);
    await publishEvent(tx, { kind: 'message', id: messageId, projectId: input.projectId });
    return messageId;
  });
  return loadMessage(db, id);
}

/** The author changes their text within the edit window; a deleted message stays deleted. */
export async function editMessage(
  db: Db,
  message: MessageRow,
  input: { actorId: number; body: string; now: Date },
): Promise<MessageRow> {
  if (message.authorId !== input.actorId) throw new AppError('forbidden', { title: CHAT_MESSAGES.notAuthor });
  if (message.deletedAt !== null || !isMessageEditable(message.createdAt, input.now))
    throw new AppError('forbidden', { title: CHAT_MESSAGES.editWindowPassed });
  await db.transaction(async (tx) => {
    await tx
      .update(messages)
      .set({ body: input.body, editedAt: input.now })
      .where(eq(messages.id, message.id));
    await recordMentions(tx, { ...message, authorId: input.actorId, body: input.body }, input.now);
    await publishEvent(tx, { kind: 'message', id: message.id, projectId: message.projectId });
  });
  return loadMessage(db, message.id);
}

/** Deletes a message's text and mentions; the row stays so the list shows "message deleted". */
export async function deleteMessage(db: Db, message: MessageRow, now: Date): Promise<void> {
  if (message.deletedAt !== null) return;
  await db.transaction(async (tx) => {
    await tx.update(messages).set({ body: '', deletedAt: now }).where(eq(messages.id, message.id));
    await tx.delete(messageMentions).where(eq(messageMentions.messageId, message.id));
    await publishEvent(tx, { kind: 'message', id: message.id, projectId: message.projectId });
  });
}

export async function markRead(
  db: Db,
  input: { userId: number; projectId: number; lastReadId: number; now: Date },
) {
  await advanceMarker(db, input.userId, input.projectId, input.lastReadId, input.now);
  return readState(db, input.userId, input.projectId);
}
