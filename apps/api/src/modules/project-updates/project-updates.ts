import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projects, projectUpdates, users } from '../../db/schema/index.ts';
import { documentOf, Included, type Resource, ref } from '../../lib/jsonapi/document.ts';
import { pageCount } from '../../lib/jsonapi/query.ts';
import { publishEvent } from '../events/publish-event.ts';
import { notify } from '../notifications/notify.ts';
import { projectClients } from '../notifications/recipients.ts';
import { presentUser } from '../users/user-presenter.ts';

type UpdateRow = typeof projectUpdates.$inferSelect;

/** A project update (docs/product.md §C3). The description is markdown, stored as sent; the web app sanitizes. */
export function presentProjectUpdate(row: UpdateRow): Resource {
  return {
    type: 'project-update',
    id: String(row.id),
    attributes: {
      title: row.title,
      description: row.description,
      created: row.createdAt.toISOString(),
      'project-id': row.projectId,
      'reporter-user-id': row.reporterUserId,
    },
    relationships: { reporter: { data: ref('user', row.reporterUserId) } },
  };
}

export async function postProjectUpdate(
  db: Db,
  input: { projectId: number; title: string; description: string; reporterUserId: number },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(projectUpdates).values(input).returning();
    await publishEvent(tx, { kind: 'update', id: row!.id, projectId: input.projectId });
    const [project] = await tx
      .select({ title: projects.title })
      .from(projects)
      .where(eq(projects.id, input.projectId));
    await notify(tx, {
      kind: 'update-posted',
      recipients: await projectClients(tx, input.projectId),
      title: `New update on "${project?.title ?? 'your project'}"`,
      link: `/project/daily-updates/${input.projectId}`,
      subject: { type: 'update', id: row!.id },
      projectId: input.projectId,
      at: row!.createdAt,
    });
    return row!;
  });
}

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
