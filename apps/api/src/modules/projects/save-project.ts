import type { ProjectSaveInput } from '@dd/domain';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  projectBudgets,
  projectMembers,
  projectProjectTypes,
  projectSizes,
  projectStarts,
  projectStatuses,
  projects,
  projectTechs,
  projectTypes,
  techs,
  users,
} from '../../db/schema/index.ts';
import { AppError, attr, rel } from '../../lib/app-error.ts';
import { assertIdsExist } from '../admin-forms/checks.ts';
import { publishEvent } from '../events/publish-event.ts';
import type { LoadedProjectRef } from './load-project.ts';

export type ProjectRelationshipsInput = { tech?: number[]; types?: number[]; client?: number[] };

/** Every id of a relationship must name an existing record, else a 422 pointing at the relationship. */
async function assertAllExist(ids: number[], found: Promise<Array<{ id: number }>>, what: string) {
  if ((await found).length !== new Set(ids).size)
    throw new AppError('unprocessable', { title: `Unknown ${what}`, pointer: rel(what) });
}

/**
 * Project save from the details form (docs/product.md §C7): attributes, and the tech, types and client
 * relationships when sent (a relationship left out keeps its value). The owner always stays a client.
 */
export async function saveProject(
  db: Db,
  id: number,
  ownerId: number | null,
  input: ProjectSaveInput,
  relationships: ProjectRelationshipsInput,
  now: Date,
) {
  const { tech, types, client } = relationships;
  if (tech?.length)
    await assertAllExist(
      tech,
      db.select({ id: techs.id }).from(techs).where(inArray(techs.id, tech)),
      'tech',
    );
  if (types?.length)
    await assertAllExist(
      types,
      db.select({ id: projectTypes.id }).from(projectTypes).where(inArray(projectTypes.id, types)),
      'types',
    );
  if (client?.length)
    await assertAllExist(
      client,
      db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, client), eq(users.role, 'client'))),
      'client',
    );

  // Unknown lookup ids are the caller's mistake: a 422 naming the field, never a foreign-key 500.
  const lookups = [
    [projectSizes, 'project-size-id'],
    [projectBudgets, 'project-budget-id'],
    [projectStarts, 'project-start-id'],
    [projectStatuses, 'project-status-id'],
  ] as const;
  for (const [table, name] of lookups) await assertIdsExist(db, table, [input[name]], attr(name));

  await db.transaction(async (tx) => {
    await tx
      .update(projects)
      .set({
        title: input.title,
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.addition !== undefined ? { addition: input.addition } : {}),
        ...(input['project-size-id'] !== undefined ? { projectSizeId: input['project-size-id'] } : {}),
        ...(input['project-budget-id'] !== undefined ? { projectBudgetId: input['project-budget-id'] } : {}),
        ...(input['project-start-id'] !== undefined ? { projectStartId: input['project-start-id'] } : {}),
        ...(input['project-status-id'] !== undefined ? { projectStatusId: input['project-status-id'] } : {}),
        updatedAt: now,
      })
      .where(eq(projects.id, id));
    if (tech) {
      await tx.delete(projectTechs).where(eq(projectTechs.projectId, id));
      if (tech.length)
        await tx.insert(projectTechs).values([...new Set(tech)].map((techId) => ({ projectId: id, techId })));
    }
    if (types) {
      await tx.delete(projectProjectTypes).where(eq(projectProjectTypes.projectId, id));
      if (types.length)
        await tx
          .insert(projectProjectTypes)
          .values([...new Set(types)].map((projectTypeId) => ({ projectId: id, projectTypeId })));
    }
    if (client) {
      // Announced to the clients it had too: one taken off the project refetches and loses it.
      await publishEvent(tx, { kind: 'project', id, projectId: id });
      const keep = new Set(client);
      if (ownerId) keep.add(ownerId);
      await tx
        .delete(projectMembers)
        .where(and(eq(projectMembers.projectId, id), eq(projectMembers.kind, 'client')));
      if (keep.size)
        await tx
          .insert(projectMembers)
          .values([...keep].map((userId) => ({ projectId: id, userId, kind: 'client' })));
    }
    await publishEvent(tx, { kind: 'project', id, projectId: id });
  });
}

/** Is another user already using this e-mail? (Unique, case-insensitive.) */
export async function emailTakenByOther(db: Db, email: string, userId: number) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, ne(users.id, userId)))
    .limit(1);
  return rows.length > 0;
}

/** Would saving this client list add or remove anyone? The owner always stays, sent or not. */
export function changesClientList(ref: LoadedProjectRef, sent: number[]): boolean {
  const withOwner = (ids: number[]) => new Set(ref.ownerId === null ? ids : [...ids, ref.ownerId]);
  const current = withOwner(ref.clientIds);
  const next = withOwner(sent);
  return current.size !== next.size || [...next].some((id) => !current.has(id));
}
