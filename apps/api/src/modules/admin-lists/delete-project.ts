import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projects } from '../../db/schema/index.ts';
import { publishEvent } from '../events/publish-event.ts';

/** Members, files, updates, links, calls and the board go with the project (foreign keys cascade). */
export async function deleteProject(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    // Announced first, while the project's audience can still be read; sent only if the delete commits.
    await publishEvent(tx, { kind: 'project', id, projectId: id });
    await tx.delete(projects).where(eq(projects.id, id));
  });
}
