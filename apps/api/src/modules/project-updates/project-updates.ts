import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { projects, projectUpdates, users } from '../../db/schema/index.ts';
import { documentOf, Included, type Resource, ref } from '../../lib/jsonapi/document.ts';
import { pageCount } from '../../lib/jsonapi/query.ts';
import { renderMarkdownHtml } from '../../lib/render-markdown.ts';
import { liveEventCtes, notifyLiveEvent } from '../events/publish-event.ts';
import { notifyCtes, notifyDone } from '../notifications/notify.ts';
import { presentUser } from '../users/user-presenter.ts';

type UpdateRow = typeof projectUpdates.$inferSelect;

/**
 * A project update (docs/product.md §C3). The description is markdown, stored as sent, and sent with its
 * sanitised HTML: the project page shows that without loading a renderer (docs/adr/0034).
 */
export function presentProjectUpdate(row: UpdateRow): Resource {
  return {
    type: 'project-update',
    id: String(row.id),
    attributes: {
      title: row.title,
      description: row.description,
      'description-html': renderMarkdownHtml(row.description),
      created: row.createdAt.toISOString(),
      'project-id': row.projectId,
      'reporter-user-id': row.reporterUserId,
    },
    relationships: { reporter: { data: ref('user', row.reporterUserId) } },
  };
}

/**
 * Posts an update with its live event and the clients' notifications (docs/adr/0020) in ONE statement:
 * atomic without a transaction of its own, so the post costs one round trip, not eight (BEGIN, insert,
 * event, title, clients, notifications, their events, COMMIT), and holds no connection in between
 * (docs/adr/0032). The clients are the project's owner and client members, as the event's audience.
 */
export async function postProjectUpdate(
  db: Db,
  input: { projectId: number; title: string; description: string; reporterUserId: number },
) {
  const [row] = await postStatement(db, input);
  return {
    id: row!.id,
    projectId: row!.project_id,
    title: row!.title,
    description: row!.description,
    reporterUserId: row!.reporter_user_id,
    createdAt: new Date(row!.created_at),
  } satisfies UpdateRow;
}

// postProjectUpdate's statement, prepared once per connection: sent as text, PostgreSQL planned its CTEs
// on every post, 0.9 of the 1.6 ms it spent on one (docs/benchmarks.md, "Planning time").
const postStatement = preparedStatement<
  {
    id: number;
    project_id: number;
    title: string;
    description: string;
    reporter_user_id: number | null;
    created_at: string | Date;
  },
  { projectId: number; title: string; description: string; reporterUserId: number }
>('project_update_post', () => {
  const projectId = sql`${sql.placeholder('projectId')}::int`;
  return sql`
    with posted as (
      insert into ${projectUpdates} (project_id, title, description, reporter_user_id)
      values (${projectId}, ${sql.placeholder('title')}::text, ${sql.placeholder('description')}::text, ${sql.placeholder('reporterUserId')}::int)
      returning id, project_id, title, description, reporter_user_id, created_at
    ),
    ${liveEventCtes({ kind: 'update', id: sql`(select id from posted)`, projectId })},
    ${notifyCtes({
      kind: 'update-posted',
      recipientIds: sql`(select array_append(client_ids, owner_id) from live_audience)::int[]`,
      title: sql`'New update on "' || coalesce((select title from ${projects} where id = ${projectId}), 'your project') || '"'`,
      link: sql`'/project/daily-updates/' || ${projectId}`,
      subjectType: 'update',
      subjectId: sql`(select id from posted)`,
      projectId,
      at: sql`(select created_at from posted)`,
    })}
    select posted.*, (select ${notifyLiveEvent} from live_event) as live, ${notifyDone} from posted`;
});

export async function searchProjectUpdates(
  db: Db,
  query: {
    projectId: number;
    newestFirst: boolean;
    page: number;
    size: number | null;
    includeReporter: boolean;
    hideContacts: boolean;
  },
) {
  const where = eq(projectUpdates.projectId, query.projectId);
  const order = query.newestFirst
    ? [desc(projectUpdates.createdAt), desc(projectUpdates.id)]
    : [asc(projectUpdates.createdAt), asc(projectUpdates.id)];
  const base = db
    .select()
    .from(projectUpdates)
    .where(where)
    .orderBy(...order);
  const [rows, [total]] = await Promise.all([
    query.size === null ? base : base.limit(query.size).offset((query.page - 1) * query.size),
    db.select({ n: count() }).from(projectUpdates).where(where),
  ]);
  const included = new Included();
  const reporterIds = [
    ...new Set(rows.map((r) => r.reporterUserId).filter((id): id is number => id !== null)),
  ];
  if (query.includeReporter && reporterIds.length > 0) {
    const reporters = await db.select().from(users).where(inArray(users.id, reporterIds));
    included.addAll(reporters.map((u) => presentUser(u, { hideContacts: query.hideContacts })));
  }
  const totalCount = Number(total?.n ?? 0);
  return documentOf(rows.map(presentProjectUpdate), included, {
    'page-count': pageCount(totalCount, query.size),
    'total-count': totalCount,
  });
}
