import type { ProjectRef } from '@dd/domain';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { projectMembers, projects } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';

export type LoadedProjectRef = ProjectRef & { id: number; ownerId: number | null; clientIds: number[] };

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

/** What `can()` needs about a project: its owner and client users. 404 when it does not exist. */
export async function loadProjectRef(db: Db, id: number): Promise<LoadedProjectRef> {
  const [project] = await projectRef(db, { id });
  if (!project) throw notFound('Project');
  return { id: project.id, ownerId: project.owner_id, clientIds: project.client_ids };
}
