import { type Actor, type CompanyUpdateInput, can, type OwnerDetailsInput, SERVER_ERRORS } from '@dd/domain';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companySizes, projectMembers, projects, users } from '../../db/schema/index.ts';
import { AppError, attr, forbidden, notFound } from '../../lib/app-error.ts';
import { assertIdsExist } from '../admin-forms/checks.ts';
import { verifyCurrentPassword } from '../auth/login.ts';
import type { SessionActor } from '../auth/sessions.ts';
import { publishEvent } from '../events/publish-event.ts';
import { requestEmailChange } from '../users/email-change-requests.ts';
import { loadProjectRef } from './load-project.ts';
import { emailTakenByOther } from './save-project.ts';

/**
 * The details form also saves the owner's company and the owner's details (docs/product.md §C7). Both are
 * allowed to admin-level users and to someone who may update a project that company or owner belongs to.
 */
async function assertMayUpdateSomeProject(db: Db, actor: Actor, projectIds: number[]) {
  // Admin-level users edit any company or user, with or without a project.
  if (can(actor, 'admin:access')) return;
  for (const projectId of projectIds) {
    if (can(actor, 'project:update', await loadProjectRef(db, projectId))) return;
  }
  throw forbidden();
}

export async function updateOwnerCompany(db: Db, actor: Actor, companyId: number, input: CompanyUpdateInput) {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  // Someone who may not edit every company gets the same 403 for an unknown id as for someone else's.
  if (!company) throw can(actor, 'admin:access') ? notFound('Company') : forbidden();
  const owned = await db
    .select({ id: projects.id })
    .from(projects)
    .leftJoin(users, eq(users.id, projects.ownerId))
    .where(or(eq(projects.companyId, companyId), eq(users.companyId, companyId)))
    .limit(50);
  await assertMayUpdateSomeProject(
    db,
    actor,
    owned.map((p) => p.id),
  );
  await assertIdsExist(db, companySizes, [input['company-size-id']], attr('company-size-id'));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(companies)
      .set({
        title: input.title,
        ...(input['company-size-id'] !== undefined ? { companySizeId: input['company-size-id'] } : {}),
      })
      .where(eq(companies.id, companyId))
      .returning();
    // The project pages showing this company refetch (live events).
    for (const project of owned)
      await publishEvent(tx, { kind: 'project', id: project.id, projectId: project.id });
    return row!;
  });
}

/**
 * Who may start a change of this user's e-mail on their behalf (docs/adr/0018-pending-email-changes.md):
 * admin-level users, and a projectManager on the team of one of the projects the user owns or is a
 * client of. Anyone else who may save the details form keeps the address as it is.
 */
async function mayStartEmailChange(db: Db, actor: NonNullable<Actor>, userId: number): Promise<boolean> {
  if (can(actor, 'admin:access')) return true;
  if (actor.role !== 'projectManager') return false;
  const [row] = await db
    .select({ projectId: projectMembers.projectId })
    .from(projectMembers)
    .where(
      and(
        eq(projectMembers.userId, actor.id),
        eq(projectMembers.kind, 'projectManager'),
        sql`${projectMembers.projectId} in (select ${projects.id} from ${projects} where ${projects.ownerId} = ${userId}
          union select ${projectMembers.projectId} from ${projectMembers} where ${projectMembers.userId} = ${userId})`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Saves the owner's details. A new e-mail waits for the new address to confirm it (requestEmailChange:
 * the mails come back to be sent); the owner's own new e-mail also needs their current password and
 * ends their other sessions (docs/product.md §F4).
 */
export async function updateOwnerDetails(
  db: Db,
  actor: SessionActor,
  userId: number,
  input: OwnerDetailsInput,
  reauth: { currentPassword: string | undefined; ip: string },
  now: Date,
  context: { productName: string; publicUrl: string },
) {
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw can(actor, 'admin:access') ? notFound('User') : forbidden();
  const owned = await db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.ownerId, userId))
    .limit(50);
  await assertMayUpdateSomeProject(
    db,
    actor,
    owned.map((p) => p.id),
  );
  const self = actor.id === userId;
  const newEmail = input.email.trim().toLowerCase() !== user.email.toLowerCase();
  if (newEmail && !self && !(await mayStartEmailChange(db, actor, userId))) throw forbidden();
  if (await emailTakenByOther(db, input.email, userId))
    throw new AppError('email_taken', { title: SERVER_ERRORS.emailTaken, pointer: attr('email') });
  if (newEmail && self)
    await verifyCurrentPassword(db, { userId, password: reauth.currentPassword, ip: reauth.ip, now });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        name: input.name,
        phone: input.phone,
        ...(input.timezone !== undefined ? { timezone: input.timezone || null } : {}),
        ...(input['help-needed'] !== undefined ? { helpNeeded: input['help-needed'] } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, userId))
      .returning();
    const pending = await requestEmailChange(
      tx,
      {
        userId,
        name: row!.name,
        from: user.email,
        to: input.email,
        actorId: actor.id,
        now,
        keepSessionId: actor.sessionId,
      },
      context,
    );
    // The pages of the projects this person owns refetch (live events).
    for (const project of owned)
      await publishEvent(tx, { kind: 'project', id: project.id, projectId: project.id });
    return { user: row!, pending };
  });
}
