import { OBSERVER_ERRORS } from '@dd/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectMembers, projects, users } from '../../db/schema/index.ts';
import { AppError, attr } from '../../lib/app-error.ts';
import { recordEvent } from '../board/history.ts';
import { publishEvent } from '../events/publish-event.ts';

export type AddObserverInput = { projectId: number; email: string; actorId: number; now: Date };

/**
 * Adds a registered person to a project as an observer (docs/product.md §A8: inviting an e-mail that already
 * has an account). Only active staff accounts: a client is refused, whatever their company, since an
 * observer follows a project from the agency's side and a client account never reads a project through
 * that kind (clients are put on a project in its details form). Someone already an observer is answered
 * as added (a retried click changes nothing); someone already on the project in another way (owner,
 * client, developer, project manager, account manager) is a conflict. The change goes into the project
 * history and the team's live event in the same transaction.
 */
export async function addObserver(db: Db, input: AddObserverInput) {
  const email = input.email.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .orderBy(asc(users.id))
    .limit(1);
  if (!user)
    throw new AppError('unprocessable', { title: OBSERVER_ERRORS.unknownEmail, pointer: attr('email') });
  if (!user.isActive)
    throw new AppError('unprocessable', { title: OBSERVER_ERRORS.deactivated, pointer: attr('email') });
  if (user.role === 'client')
    throw new AppError('unprocessable', { title: OBSERVER_ERRORS.client, pointer: attr('email') });

  return db.transaction(async (tx) => {
    const [project] = await tx
      .select({ ownerId: projects.ownerId, accountManagerId: projects.accountManagerId })
      .from(projects)
      .where(eq(projects.id, input.projectId))
      // Held until commit: the team save and this add see each other's result, never a half.
      .for('update');
    const kinds = await tx
      .select({ kind: projectMembers.kind })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, input.projectId), eq(projectMembers.userId, user.id)));
    const onProject =
      project?.ownerId === user.id ||
      project?.accountManagerId === user.id ||
      kinds.some((k) => k.kind !== 'observer');
    if (onProject)
      throw new AppError('conflict', { title: OBSERVER_ERRORS.alreadyMember, pointer: attr('email') });
    if (kinds.length > 0) return { user, added: false };

    await tx
      .insert(projectMembers)
      .values({ projectId: input.projectId, userId: user.id, kind: 'observer', createdAt: input.now });
    await recordEvent(tx, {
      projectId: input.projectId,
      actorId: input.actorId,
      entity: 'user',
      entityId: user.id,
      action: 'observer-added',
      // The name only: the history is read by the whole project staff.
      details: { name: user.name },
      at: input.now,
    });
    await publishEvent(tx, { kind: 'team', id: input.projectId, projectId: input.projectId });
    return { user, added: true };
  });
}

/** A project's observers, in the order they were added. */
export async function listObservers(db: Db, projectId: number) {
  const rows = await db
    .select({ user: users })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.kind, 'observer')))
    .orderBy(asc(projectMembers.createdAt), asc(users.id));
  return rows.map((r) => r.user);
}
