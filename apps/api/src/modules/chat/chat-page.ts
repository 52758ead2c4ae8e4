import { idParamsSchema } from '@dd/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { liveEvents, projects } from '../../db/schema/index.ts';
import { versionedCache } from '../../lib/versioned-cache.ts';
import type { SessionRead } from '../auth/sessions.ts';
import { clientIdsOf, type LoadedProjectRef, snapshotSettledSql } from '../projects/load-project.ts';
import { presentMessage } from './message-presenter.ts';
import { type MessagePage, type ReadState, readStateSql } from './message-queries.ts';

/**
 * What the chat's list route reads with the session (ADR 0028), in the auth hook's one statement: the
 * project's ref (for `can()`), the reader's marker and unread count, and the version its newest page is
 * kept under (below). A JSON array; null when the project does not exist.
 */
export const chatPageRead: SessionRead = {
  name: 'chat_page',
  read: (userId) => {
    const id: SQL = sql`${sql.placeholder('id')}::int`;
    return sql`select json_build_array(${projects.id}, ${projects.ownerId}, ${clientIdsOf(projects.id)},
        r.last_read_id, r.unread,
        (select max(${liveEvents.id}) from ${liveEvents} where ${liveEvents.projectId} = ${id}),
        ${snapshotSettledSql})::text
      from ${projects}, lateral (${readStateSql(userId, id)}) r
      where ${projects.id} = ${id}`;
  },
  params: (request) => {
    const parsed = idParamsSchema.safeParse(request.params);
    return parsed.success ? { id: parsed.data.id } : null;
  },
};

/**
 * The newest page's version: the project's newest live event, and whether no write transaction was in
 * progress anywhere when it was read (`settled`; see chatPageText).
 */
export type ChatPageVersion = { newestEvent: number | null; settled: boolean };

export type ChatPageRead = { ref: LoadedProjectRef; state: ReadState; version: ChatPageVersion };

/** chatPageRead's answer. */
export function parseChatPageRead(text: string): ChatPageRead {
  const [id, ownerId, clientIds, lastReadId, unread, newestEvent, settled] = JSON.parse(text) as [
    number,
    number | null,
    number[],
    number,
    number,
    number | string | null,
    boolean,
  ];
  return {
    ref: { id, ownerId, clientIds },
    state: { lastReadId: Number(lastReadId), unread: Number(unread) },
    version: { newestEvent: newestEvent === null ? null : Number(newestEvent), settled: settled === true },
  };
}

/** A page's `data` as the answer writes it (JSON text), and whether older messages exist. */
export type PageText = { data: string; hasMore: boolean };

export function pageText(page: MessagePage): PageText {
  return { data: JSON.stringify(page.rows.map(presentMessage)), hasMore: page.hasMore };
}

/** The list answer: the page's data as written once, the reader's own marker and count beside it. */
export function listAnswer(page: PageText, state: ReadState): string {
  return `{"data":${page.data},"meta":${JSON.stringify({
    'last-read-id': state.lastReadId,
    unread: state.unread,
    'has-more': page.hasMore,
  })}}`;
}

const MINUTE = 60_000;
const newestPages = versionedCache<string>({ max: 512 });

/**
 * The newest page of a project's chat (no before/after/search), kept per process and page size as
 * answered text (docs/adr/0022-project-chat.md, "Later: the newest page is kept"). Its version is the
 * project's newest live event: every write that changes what a page shows (a post, an edit, a delete,
 * a file sent with a message deleted from the project's files) publishes one for the project in its own
 * transaction (modules/events/publish-event.ts), and an author's name or picture is in the 'admin-lists'
 * version (drizzle/0001). Event ids are taken before commit, so a transaction still in progress may
 * commit a LOWER id than the newest one seen: a page is therefore kept only when the version was read
 * while no write transaction was in progress (`settled`: the snapshot's xmin is its xmax); any later
 * event then has a higher id. A kept page of the same version still answers unsettled reads. The minute
 * is in the version too (without the 'admin-lists' version nothing is kept): events are pruned after the replay window (5 minutes), so the project's newest
 * event could otherwise come back to a kept value after a write nobody read.
 */
export function newestPageText(
  db: Db,
  input: {
    projectId: number;
    size: number;
    version: ChatPageVersion;
    listsVersion: number | undefined;
    now: Date;
  },
  load: () => Promise<PageText>,
): Promise<PageText> {
  const { projectId, size, version } = input;
  const minute = Math.floor(input.now.getTime() / MINUTE);
  const key = `${projectId}|${size}`;
  const tag = `${version.newestEvent ?? 'none'}|${input.listsVersion ?? 'none'}|${minute}`;
  return newestPages(db, key, tag, load, version.settled && input.listsVersion !== undefined);
}
