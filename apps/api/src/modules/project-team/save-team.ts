import type { Role } from '@dd/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectMembers, projects, users } from '../../db/schema/index.ts';
import { AppError, rel } from '../../lib/app-error.ts';
import { publishEvent } from '../events/publish-event.ts';
import { notify } from '../notifications/notify.ts';

/** The team part of the project patch (docs/product.md §C7): each list replaces the current one when sent. */
export type TeamInput = { developer?: number[]; projectManager?: number[]; accountManager?: number[] };

/** Every id must be an active user of the role the relationship holds, else a 422 naming it. */
async function assertRole(db: Db, ids: number[], role: Role, relationship: string) {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.role, role), eq(users.isActive, true)));
  if (found.length !== unique.length)
    throw new AppError('unprocessable', {
      title: `Unknown ${relationship}`,
      pointer: rel(relationship),
    });
}

/**
 * Replaces the lists sent; whoever is new on the team is told (`project-team-added`, issue 42 §4), except
 * the person who saved it.
 */
export async function saveTeam(
  db: Db,
  projectId: number,
  team: TeamInput,
  now: Date,
  byUserId: number | null = null,
) {
  const { developer, projectManager, accountManager } = team;
  if (accountManager && accountManager.length > 1)
    throw new AppError('unprocessable', {
      title: 'A project has one account manager',
      pointer: '/data/relationships/accountManager',
    });
  await assertRole(db, developer ?? [], 'developer', 'developer');
  await assertRole(db, projectManager ?? [], 'projectManager', 'projectManager');
  await assertRole(db, accountManager ?? [], 'accountManager', 'accountManager');

  await db.transaction(async (tx) => {
    const [project] = await tx
      .select({ accountManagerId: projects.accountManagerId, title: projects.title })
      .from(projects)
      .where(eq(projects.id, projectId));
    const newcomers: number[] = [];
    const replace = async (kind: 'developer' | 'projectManager', ids: number[]) => {
      const keep = [...new Set(ids)];
      const current = await tx
        .select({ userId: projectMembers.userId })
        .from(projectMembers)
        .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.kind, kind)));
      const currentIds = new Set(current.map((c) => c.userId));
      const gone = [...currentIds].filter((id) => !keep.includes(id));
      const added = keep.filter((id) => !currentIds.has(id));
      newcomers.push(...added);
      if (gone.length)
        await tx
          .delete(projectMembers)
          .where(
            and(
              eq(projectMembers.projectId, projectId),
              eq(projectMembers.kind, kind),
              inArray(projectMembers.userId, gone),
            ),
          );
      // Members who stay keep their place (the join time orders the list).
      if (added.length)
        await tx
          .insert(projectMembers)
          .values(added.map((userId) => ({ projectId, userId, kind, createdAt: now })));
    };
    if (developer) await replace('developer', developer);
    if (projectManager) await replace('projectManager', projectManager);
    if (accountManager) {
      const next = accountManager[0] ?? null;
      if (next !== null && next !== project?.accountManagerId) newcomers.push(next);
      await tx
        .update(projects)
        .set({ accountManagerId: next, updatedAt: now })
        .where(eq(projects.id, projectId));
    }
    await publishEvent(tx, { kind: 'team', id: projectId, projectId });
    const told = newcomers.filter((id) => id !== byUserId);
    if (told.length > 0) {
      await notify(tx, {
        kind: 'project-team-added',
        recipients: told,
        title: `You were added to the team of "${project?.title ?? 'a project'}"`,
        link: `/project/daily-updates/${projectId}`,
        subject: { type: 'project', id: projectId },
        projectId,
        at: now,
      });
    }
  });
}
