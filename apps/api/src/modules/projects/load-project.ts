import { idParamsSchema, type ProjectRef } from '@dd/domain';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { liveEvents, projectMembers, projects } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import type { SessionRead } from '../auth/sessions.ts';

export type LoadedProjectRef = ProjectRef & {
  id: number;
  ownerId: number | null;
  clientIds: number[];
  /** The project's data version (projectVersionSql), when the route's read carried it. */
  version?: ProjectVersion;
};

/**
 * A project's data version: its newest live event, as text ('none' without any). Every write of the
 * project's board, history, updates, calls and decisions publishes a live event inside its own
 * transaction (modules/events/publish-event.ts), so a new id means new data (docs/adr/0027).
 */
export const projectVersionSql = (projectId: AnyColumn | SQL): SQL =>
  sql`coalesce((select max(${liveEvents.id}) from ${liveEvents} where ${liveEvents.projectId} = ${projectId})::text, 'none')`;

/**
 * True when no write transaction was in progress anywhere as the statement's snapshot was taken (its
 * xmin is its xmax). Event ids are taken before commit, so while a write is in progress it may still
 * commit a LOWER id than the newest one seen: a version read then does not stand for every write below
 * it, and nothing may be kept under it (docs/adr/0032). Once settled, any later event has a higher id.
 */
export const snapshotSettledSql = sql`pg_snapshot_xmin(pg_current_snapshot()) = pg_snapshot_xmax(pg_current_snapshot())`;

/** A project's data version (projectVersionSql) and whether it was read settled (snapshotSettledSql). */
export type ProjectVersion = { id: string; settled: boolean };

/** The ids of a project's client users, as an int array, for a statement that reads `projectId`'s row. */
export const clientIdsOf = (projectId: AnyColumn | SQL): SQL =>
  sql`array(select ${projectMembers.userId} from ${projectMembers}
    where ${projectMembers.projectId} = ${projectId} and ${projectMembers.kind} = 'client'
    order by ${projectMembers.userId})`;

// Every project route checks access first: the project and its client users in one round trip.
const projectRef = preparedStatement<
  { id: number; owner_id: number | null; client_ids: number[] },
  { id: number }
>(
  'project_ref',
  () => sql`
    select ${projects.id} as id, ${projects.ownerId} as owner_id, ${clientIdsOf(projects.id)} as client_ids
    from ${projects} where ${projects.id} = ${sql.placeholder('id')}`,
);

/**
 * The same read made inside the auth hook's statement (ADR 0028) for a `/project/{id}/…` route: one
 * round trip fewer per request. A JSON array [id, owner id, client ids], null when there is no project.
 */
export const projectRefRead: SessionRead = {
  name: 'project_ref',
  read: () => sql`select json_build_array(${projects.id}, ${projects.ownerId}, ${clientIdsOf(projects.id)})::text
    from ${projects} where ${projects.id} = ${sql.placeholder('id')}`,
  params: (request) => {
    const parsed = idParamsSchema.safeParse(request.params);
    return parsed.success ? { id: parsed.data.id } : null;
  },
};

/**
 * projectRefRead with the project's data version (projectVersionSql) and whether it was read settled
 * (snapshotSettledSql) as fourth and fifth elements, for the routes that keep answers per version (the
 * report and the review list, docs/adr/0032): their version is read in the auth statement too, before
 * any data, in the same snapshot as the session check.
 */
export const projectRefVersionRead: SessionRead = {
  name: 'project_ref_version',
  read: () => sql`select json_build_array(${projects.id}, ${projects.ownerId}, ${clientIdsOf(projects.id)},
      ${projectVersionSql(projects.id)}, ${snapshotSettledSql})::text
    from ${projects} where ${projects.id} = ${sql.placeholder('id')}`,
  params: projectRefRead.params,
};

/**
 * What `can()` needs about a project: its owner and client users. 404 when it does not exist. `read`:
 * what projectRefRead found with the session, when the route asked for it.
 */
export async function loadProjectRef(
  db: Db,
  id: number,
  read: string | null = null,
): Promise<LoadedProjectRef> {
  if (read) {
    const [projectId, ownerId, clientIds, version, settled] = JSON.parse(read) as [
      number,
      number | null,
      number[],
      string?,
      boolean?,
    ];
    return version === undefined
      ? { id: projectId, ownerId, clientIds }
      : { id: projectId, ownerId, clientIds, version: { id: version, settled: settled === true } };
  }
  const [project] = await projectRef(db, { id });
  if (!project) throw notFound('Project');
  return { id: project.id, ownerId: project.owner_id, clientIds: project.client_ids };
}
