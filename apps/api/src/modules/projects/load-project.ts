import type { ProjectRef } from '@dd/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { projectMembers, projects } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';

export type LoadedProjectRef = ProjectRef & { id: number; ownerId: number | null; clientIds: number[] };

// Every project route checks access first: the project and its client users in one round trip.
const projectRef = preparedStatement<
  { id: number; owner_id: number | null; client_ids: number[] },
  { id: number }
>(
  'project_ref',
  () => sql`
    select ${projects.id} as id, ${projects.ownerId} as owner_id,
      array(select ${projectMembers.userId} from ${projectMembers}
        where ${projectMembers.projectId} = ${projects.id} and ${projectMembers.kind} = 'client') as client_ids
    from ${projects} where ${projects.id} = ${sql.placeholder('id')}`,
);

/** What `can()` needs about a project: its owner and client users. 404 when it does not exist. */
export async function loadProjectRef(db: Db, id: number): Promise<LoadedProjectRef> {
  const [project] = await projectRef(db, { id });
  if (!project) throw notFound('Project');
  return { id: project.id, ownerId: project.owner_id, clientIds: project.client_ids };
}
