import { CHAT_MESSAGES, isMessageEditable, mentionedIds } from '@dd/domain';
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import {
  messageFiles,
  messageMentions,
  messageReads,
  messages,
  notifications,
  projectFiles,
  users,
} from '../../db/schema/index.ts';
import { AppError, attr } from '../../lib/app-error.ts';
import { rateLimitIncrementSql } from '../../lib/rate-limit-store.ts';
import type { DbOrTx } from '../board/tx.ts';
import { liveEventCtes, notifyLiveEvent, publishEvent } from '../events/publish-event.ts';
import { notifyMentioned } from '../notifications/review-notifications.ts';
import {
  loadMessage,
  type MessageRow,
  messageRowOf,
  type RawMessageRow,
  readState,
  replyExcerptSql,
} from './message-queries.ts';

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

/**
 * Who the message names now: a person no longer named loses the mention (and with it the early mail it
 * made due); a person newly named is mentioned as of `now`, so an edit's new mention counts as new
 * (docs/adr/0022-project-chat.md, decision 8) and told (docs/adr/0020-notifications.md); a mention
 * kept keeps its time.
 */
async function recordMentions(
  db: DbOrTx,
  message: { id: number; projectId: number; authorId: number; body: string },
  now: Date,
) {
  const ids = mentionedIds(message.body, await participants(db, message.projectId)).filter(
    (id) => id !== message.authorId,
  );
  await db
    .delete(messageMentions)
    .where(
      and(
        eq(messageMentions.messageId, message.id),
        ids.length > 0 ? notInArray(messageMentions.userId, ids) : undefined,
      ),
    );
  if (ids.length === 0) return;
  const added = await db
    .insert(messageMentions)
    .values(ids.map((userId) => ({ messageId: message.id, userId, createdAt: now })))
    .onConflictDoNothing()
    .returning({ userId: messageMentions.userId });
  await notifyMentioned(db, {
    projectId: message.projectId,
    messageId: message.id,
    authorId: message.authorId,
    mentioned: added.map((m) => m.userId),
    at: now,
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

/** A post limit counted by the posting statement itself: its rate_limits key, the most per window. */
export type PostLimit = { key: string; max: number; windowMs: number };

/** Whether a post goes in one statement (postInOneStatement), which then also counts its limit. */
export const postsInOneStatement = (input: { body: string; files?: number[] }): boolean =>
  (input.files ?? []).length === 0 && !input.body.includes('@');

/**
 * A message without files or '@', posted in ONE statement (docs/adr/0027-report-and-chat-costs.md): the
 * poster's limit counted (lib/rate-limit-store.ts, the same row the limiter uses), the reply checked,
 * the row, the author's read marker and the live event, atomically as the transaction below does them,
 * and the message as the answer shows it (its author, what it answers): one round trip where there were
 * eight (on two shared cores each round trip cost more than the work). Over the limit, nothing is posted
 * (and the count still moves, as the limiter's would). A text with an '@' may mention someone, who is
 * told (docs/adr/0020-notifications.md): it takes the transaction. The author's marker moves to the new
 * id: the newest the transaction could see is its own message.
 */
async function postInOneStatement(
  db: Db,
  input: {
    projectId: number;
    authorId: number;
    body: string;
    replyTo: number | null;
    now: Date;
    limit: PostLimit;
  },
): Promise<MessageRow> {
  const { limit } = input;
  const [row] = await postStatement(db, {
    limitKey: limit.key,
    windowMs: limit.windowMs,
    max: limit.max,
    projectId: input.projectId,
    authorId: input.authorId,
    body: input.body,
    replyTo: input.replyTo,
    now: input.now,
  });
  if (Number(row!.posted_in_window) > limit.max)
    throw new AppError('too_many_requests', { title: CHAT_MESSAGES.tooMany });
  if (row!.id === null)
    throw new AppError('unprocessable', { title: CHAT_MESSAGES.replyToUnknown, pointer: attr('reply-to') });
  return messageRowOf({ ...row!, id: row!.id });
}

// postInOneStatement's statement, prepared once per connection: planning its CTEs cost PostgreSQL more
// than running them when it was sent as text on every post.
const postStatement = preparedStatement<
  Omit<RawMessageRow, 'id'> & { id: number | null; posted_in_window: number },
  {
    limitKey: string;
    windowMs: number;
    max: number;
    projectId: number;
    authorId: number;
    body: string;
    replyTo: number | null;
    now: Date;
  }
>('chat_post', () => {
  const p = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
  const projectId = p('projectId', 'int');
  const authorId = p('authorId', 'int');
  const replyTo = p('replyTo', 'int');
  const now = p('now', 'timestamptz');
  return sql`
    with counted as (${rateLimitIncrementSql(p('limitKey', 'text'), p('windowMs', 'int'))}
    ), inserted as (
      insert into ${messages} (project_id, author_id, body, reply_to_id, created_at)
      select ${projectId}, ${authorId}, ${p('body', 'text')}, ${replyTo}, ${now}
      where (select count from counted) <= ${p('max', 'int')} and (${replyTo} is null or exists (
        select 1 from ${messages} where ${messages.id} = ${replyTo} and ${messages.projectId} = ${projectId}))
      returning id, project_id, author_id, body, created_at, edited_at, deleted_at, reply_to_id
    ), marker as (
      insert into ${messageReads} (user_id, project_id, last_read_id, read_at)
      select ${authorId}, ${projectId}, inserted.id, ${now} from inserted
      on conflict (user_id, project_id) do update
        set last_read_id = greatest(${messageReads.lastReadId}, excluded.last_read_id), read_at = excluded.read_at
    ), ${liveEventCtes({ kind: 'message', id: sql`(select id from inserted)`, projectId })}
    select c.count as posted_in_window, i.id, i.project_id, i.author_id, u.name as author_name,
      u.avatar as author_avatar, i.body, i.created_at, i.edited_at, i.deleted_at, i.reply_to_id,
      qa.name as reply_to_author, ${replyExcerptSql(sql`q`)} as reply_to_excerpt, '[]'::json as files,
      (select ${notifyLiveEvent} from live_event) as notified
    from counted c
    left join inserted i on true
    left join ${users} u on u.id = i.author_id
    left join ${messages} q on q.id = i.reply_to_id
    left join ${users} qa on qa.id = q.author_id`;
});

/**
 * Posts a message. `limit`: the poster's limit, counted here when the post goes in one statement
 * (postsInOneStatement); any other post must have been counted before (routes/message/post-limit.ts).
 */
export async function postMessage(
  db: Db,
  input: {
    projectId: number;
    authorId: number;
    body: string;
    replyTo: number | null;
    files?: number[];
    now: Date;
    limit: PostLimit;
  },
): Promise<MessageRow> {
  if (postsInOneStatement(input)) return postInOneStatement(db, input);
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
    // Conditional on the message still being there (issue 41 finding 5b): a delete that committed since
    // `message` was loaded wins, and its row lock makes a racing delete wait for this edit's commit.
    const edited = await tx
      .update(messages)
      .set({ body: input.body, editedAt: input.now })
      .where(and(eq(messages.id, message.id), isNull(messages.deletedAt)))
      .returning({ id: messages.id });
    if (edited.length === 0) throw new AppError('forbidden', { title: CHAT_MESSAGES.editWindowPassed });
    await recordMentions(tx, { ...message, authorId: input.actorId, body: input.body }, input.now);
    await publishEvent(tx, { kind: 'message', id: message.id, projectId: message.projectId });
  });
  return loadMessage(db, message.id);
}

/**
 * Deletes a message's text and mentions; the row stays so the list shows "message deleted". The files
 * sent with it are project files that exist only because of the message: they go with it, from the
 * chat and from the project's files alike (docs/adr/0022-project-chat.md, decision 7).
 */
export async function deleteMessage(db: Db, message: MessageRow, now: Date): Promise<void> {
  if (message.deletedAt !== null) return;
  await db.transaction(async (tx) => {
    // Only the first delete does the work; one racing an edit waits on the edit's row lock and then removes
    // what the edit recorded: its mentions and the "mentioned you" notifications they sent (issue 41 finding 5b).
    const deleted = await tx
      .update(messages)
      .set({ body: '', deletedAt: now })
      .where(and(eq(messages.id, message.id), isNull(messages.deletedAt)))
      .returning({ id: messages.id });
    if (deleted.length === 0) return;
    await tx.delete(messageMentions).where(eq(messageMentions.messageId, message.id));
    await tx
      .delete(notifications)
      .where(
        and(
          eq(notifications.kind, 'chat-mention'),
          eq(notifications.subjectType, 'message'),
          eq(notifications.subjectId, message.id),
        ),
      );
    const files = await tx
      .delete(projectFiles)
      .where(
        and(
          eq(projectFiles.projectId, message.projectId),
          inArray(
            projectFiles.id,
            tx
              .select({ id: messageFiles.fileId })
              .from(messageFiles)
              .where(eq(messageFiles.messageId, message.id)),
          ),
        ),
      )
      .returning({ id: projectFiles.id });
    for (const file of files)
      await publishEvent(tx, { kind: 'file', id: file.id, projectId: message.projectId });
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

/**
 * A person's missed-message mail of a project: whether they want it (on unless they turned it off) and
 * whether it is for them at all (the project's owner, members and account manager; docs/adr/0022-project-chat.md,
 * decision 8).
 */
export async function chatMailSetting(
  db: DbOrTx,
  userId: number,
  projectId: number,
): Promise<{ enabled: boolean; applies: boolean }> {
  const result = (await db.execute(sql`
    select coalesce((select mail_enabled from ${messageReads}
        where user_id = ${userId} and project_id = ${projectId}), true) as enabled,
      exists (select 1 from projects p where p.id = ${projectId}
        and (p.owner_id = ${userId} or p.account_manager_id = ${userId}))
      or exists (select 1 from project_members m where m.project_id = ${projectId} and m.user_id = ${userId})
        as applies`)) as unknown as { rows: Array<{ enabled: boolean; applies: boolean }> };
  const row = result.rows[0]!;
  return { enabled: row.enabled === true, applies: row.applies === true };
}

/**
 * Turns a person's missed-message mail of one project on or off: the one place that changes it, for the
 * chat's own setting and the mail's one-click unsubscribe alike. Turning it back on does not mail the
 * backlog of while it was off: the mail counts from the messages after now.
 */
export async function setChatMail(db: DbOrTx, userId: number, projectId: number, on: boolean): Promise<void> {
  await db.execute(sql`
    insert into ${messageReads} (user_id, project_id, mail_enabled)
    select u.id, p.id, ${on} from users u, projects p where u.id = ${userId} and p.id = ${projectId}
    on conflict (user_id, project_id) do update set mail_enabled = excluded.mail_enabled,
      -- on again: the unsubscribe links of earlier mails stop working (docs/adr/0026-unsubscribe-token-versions.md)
      mail_token_version = case when excluded.mail_enabled and not ${messageReads.mailEnabled}
        then ${messageReads.mailTokenVersion} + 1 else ${messageReads.mailTokenVersion} end,
      mailed_through_id = case when excluded.mail_enabled and not ${messageReads.mailEnabled}
        then greatest(${messageReads.mailedThroughId}, coalesce((
          -- the project's newest id from its own index range (message-queries.ts says why '= any')
          select id from ${messages} where project_id = any(array[${projectId}]::int[])
          order by project_id desc, id desc limit 1), 0))
        else ${messageReads.mailedThroughId} end`);
}
