import { UNREAD_COUNT_CAP } from '@dd/domain';
import { and, asc, desc, eq, gt, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { messageReads, messages, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import type { DbOrTx } from '../board/tx.ts';

const quoted = alias(messages, 'quoted');
const quotedAuthor = alias(users, 'quoted_author');

/** How much of an answered message a reply shows. */
const EXCERPT_CHARS = 200;

export type MessageFile = { id: string; title: string; size: number };
export type MessageRow = {
  id: number;
  projectId: number;
  authorId: number | null;
  authorName: string | null;
  authorAvatar: string | null;
  body: string;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
  replyToId: number | null;
  replyToAuthor: string | null;
  replyToExcerpt: string | null;
  files: MessageFile[];
};

const columns = {
  id: messages.id,
  projectId: messages.projectId,
  authorId: messages.authorId,
  authorName: users.name,
  authorAvatar: users.avatar,
  body: messages.body,
  createdAt: messages.createdAt,
  editedAt: messages.editedAt,
  deletedAt: messages.deletedAt,
  replyToId: messages.replyToId,
  replyToAuthor: quotedAuthor.name,
  replyToExcerpt: sql<string | null>`case when ${quoted.deletedAt} is null
    then left(${quoted.body}, ${sql.raw(String(EXCERPT_CHARS))}) end`,
  // Finished uploads only: a file still in flight is not shown yet.
  files: sql<MessageFile[]>`coalesce((select json_agg(json_build_object('id', f.id::text, 'title', f.title,
    'size', f.size) order by f.id) from message_files mf join project_files f on f.id = mf.file_id
    where mf.message_id = ${messages.id} and f.upload_lease_until is null), '[]'::json)`,
};

function selectMessages(db: DbOrTx) {
  return db
    .select(columns)
    .from(messages)
    .leftJoin(users, eq(users.id, messages.authorId))
    .leftJoin(quoted, eq(quoted.id, messages.replyToId))
    .leftJoin(quotedAuthor, eq(quotedAuthor.id, quoted.authorId));
}

export async function loadMessage(db: DbOrTx, id: number): Promise<MessageRow> {
  const [row] = await selectMessages(db).where(eq(messages.id, id));
  if (!row) throw notFound('Message');
  return row;
}

export type MessagePage = { rows: MessageRow[]; hasMore: boolean };

/**
 * One page of a project's messages, newest first, by keyset on the id (never OFFSET): the newest
 * `size` before `before`, or the oldest `size` after `after`. With `q`, only the messages matching the
 * full-text query (deleted ones never do: their body is empty).
 */
export async function listMessages(
  db: Db,
  query: { projectId: number; size: number; before?: number; after?: number; q?: string },
): Promise<MessagePage> {
  // `= any(array[..])` rather than `=`, and ordered by (project_id, id): with a plain `=` PostgreSQL drops
  // the constant from the order and may walk the primary key backward past every other project's newer
  // messages (200,000 rows for one page in a 300,000-row test) instead of this project's index range.
  const where: (SQL | undefined)[] = [sql`${messages.projectId} = any(array[${query.projectId}]::int[])`];
  if (query.before !== undefined) where.push(lt(messages.id, query.before));
  if (query.after !== undefined) where.push(gt(messages.id, query.after));
  if (query.q !== undefined)
    where.push(
      sql`${messages.search} @@ websearch_to_tsquery('simple', ${query.q})`,
      isNull(messages.deletedAt),
    );
  const ascending = query.after !== undefined;
  const order = ascending
    ? [asc(messages.projectId), asc(messages.id)]
    : [desc(messages.projectId), desc(messages.id)];
  const rows = await selectMessages(db)
    .where(and(...where))
    .orderBy(...order)
    .limit(query.size + 1);
  const hasMore = rows.length > query.size;
  const page = rows.slice(0, query.size);
  return { rows: ascending ? page.reverse() : page, hasMore };
}

export type ReadState = { lastReadId: number; unread: number };

/**
 * The reader's marker in a project and how many messages by others are after it (up to the cap), as
 * one row (`last_read_id`, `unread`): readState's statement, and the chat page's read inside the auth
 * statement (chat-page.ts), from this one builder so the two cannot drift. Written so that a generic
 * plan (the auth statement is prepared) still walks the project's `(project_id, id)` range upward and
 * stops at the cap: ordered as that index, and "by others" as `coalesce(author, 0) <> reader`, which the
 * planner does not estimate from the author column's values (`is distinct from` a parameter made it
 * expect one row when one author wrote most messages, and read the project's whole range with a bitmap:
 * 6–15 ms instead of 0.2 ms at 100,000 messages). The project id is read through `(select …)`, which
 * the planner cannot see into, so a custom plan costs the same as the generic one: with the id visible,
 * a big project's custom plan looked cheaper (its range reaches the cap sooner) and PostgreSQL planned the
 * chat page's statement afresh on every request, 0.5 ms of planning for 0.1 ms of execution
 * (docs/benchmarks.md, chat).
 */
export const readStateSql = (userId: SQL, projectId: SQL): SQL => sql`
    with marker as (
      select coalesce((select ${messageReads.lastReadId} from ${messageReads}
        where ${messageReads.userId} = ${userId} and ${messageReads.projectId} = ${projectId}), 0) as last_read_id
    )
    select marker.last_read_id, (select count(*)::int from (
      select 1 from ${messages} where ${messages.projectId} = any(array[(select ${projectId})]::int[])
        and ${messages.id} > marker.last_read_id
        and ${messages.deletedAt} is null and coalesce(${messages.authorId}, 0) <> ${userId}
      order by ${messages.projectId}, ${messages.id}
      limit ${sql.raw(String(UNREAD_COUNT_CAP))}) s) as unread
    from marker`;

/** The reader's marker in a project and how many messages by others are after it (up to the cap). */
export async function readState(db: DbOrTx, userId: number, projectId: number): Promise<ReadState> {
  const result = (await db.execute(readStateSql(sql`${userId}::int`, sql`${projectId}::int`))) as unknown as {
    rows: Array<{ last_read_id: number; unread: number }>;
  };
  const row = result.rows[0]!;
  return { lastReadId: Number(row.last_read_id), unread: Number(row.unread) };
}

/** A message row as a statement of its own selects it (the column names of `columns` above, snake-cased). */
export type RawMessageRow = {
  id: number;
  project_id: number;
  author_id: number | null;
  author_name: string | null;
  author_avatar: string | null;
  body: string;
  created_at: string | Date;
  edited_at: string | Date | null;
  deleted_at: string | Date | null;
  reply_to_id: number | null;
  reply_to_author: string | null;
  reply_to_excerpt: string | null;
  files: MessageFile[] | string;
};

const dateOrNull = (value: string | Date | null): Date | null => (value === null ? null : new Date(value));

/** A raw row (timestamps as text or Dates, whichever the driver gave) as loadMessage answers it. */
export function messageRowOf(raw: RawMessageRow): MessageRow {
  return {
    id: Number(raw.id),
    projectId: Number(raw.project_id),
    authorId: raw.author_id === null ? null : Number(raw.author_id),
    authorName: raw.author_name,
    authorAvatar: raw.author_avatar,
    body: raw.body,
    createdAt: new Date(raw.created_at),
    editedAt: dateOrNull(raw.edited_at),
    deletedAt: dateOrNull(raw.deleted_at),
    replyToId: raw.reply_to_id === null ? null : Number(raw.reply_to_id),
    replyToAuthor: raw.reply_to_author,
    replyToExcerpt: raw.reply_to_excerpt,
    files: typeof raw.files === 'string' ? (JSON.parse(raw.files) as MessageFile[]) : raw.files,
  };
}

/** How much of an answered message a reply shows, as SQL over the answered row `quoted`. */
export const replyExcerptSql = (quoted: SQL): SQL =>
  sql`case when ${quoted}.deleted_at is null then left(${quoted}.body, ${sql.raw(String(EXCERPT_CHARS))}) end`;
