import { type ClientProjectRequestBody, type RegisterClientBody, SERVER_ERRORS } from '@dd/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import {
  companies,
  companySizes,
  projectBudgets,
  projectMembers,
  projectProjectTypes,
  projectStarts,
  projectStates,
  projects,
  projectTechs,
  projectTypes,
  techs,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../auth/password.ts';
import { notify } from '../notifications/notify.ts';
import { leadRecipients, projectStaffRecipients } from '../notifications/recipients.ts';
import { defaultAccountManagerId } from '../settings/default-account-manager.ts';
import { claimIdentity } from '../users/identity-claim.ts';

type ProjectInput = RegisterClientBody['project'];

const pointer = (path: string) => `/data/attributes/${path}`;
const emailTaken = () =>
  new AppError('email_taken', { title: SERVER_ERRORS.emailTaken, pointer: pointer('user/email') });
const loginTaken = () =>
  new AppError('login_taken', { title: SERVER_ERRORS.loginTaken, pointer: pointer('user/email') });

/** A lookup id that does not exist is the caller's mistake (422), never a foreign-key 500. */
async function assertIdsExist(
  tx: Tx,
  table: PgTable & { id: PgColumn },
  ids: Array<number | null | undefined>,
  path: string,
) {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return;
  const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, wanted));
  if (found.length !== wanted.length)
    throw new AppError('unprocessable', { title: 'Unknown choice', pointer: pointer(path) });
}

async function assertProjectChoices(tx: Tx, project: ProjectInput, companySizeId: number | null | undefined) {
  await assertIdsExist(tx, projectStates, [project.project_state_id], 'project/project_state_id');
  await assertIdsExist(tx, projectBudgets, [project.project_budget_id], 'project/project_budget_id');
  await assertIdsExist(tx, projectStarts, [project.project_start_id], 'project/project_start_id');
  await assertIdsExist(tx, projectTypes, project.project_type_ids, 'project/project_type_ids');
  await assertIdsExist(tx, techs, project.tech_ids, 'project/tech_ids');
  await assertIdsExist(tx, companySizes, [companySizeId], 'company/company_size_id');
}

async function insertProject(
  tx: Tx,
  input: { project: ProjectInput; ownerId: number; companyId: number | null },
): Promise<number> {
  const { project } = input;
  const otherChosen =
    project.project_type_ids.length > 0 && (await hasOtherType(tx, project.project_type_ids));
  const [row] = await tx
    .insert(projects)
    .values({
      title: project.title,
      description: project.description ?? null,
      addition: otherChosen ? (project.addition ?? null) : null,
      ownerId: input.ownerId,
      companyId: input.companyId,
      projectStateId: project.project_state_id,
      projectStartId: project.project_start_id ?? null,
      projectBudgetId: project.project_budget_id,
      accountManagerId: await defaultAccountManagerId(tx),
    })
    .returning({ id: projects.id });
  const projectId = row!.id;
  await tx.insert(projectMembers).values({ projectId, userId: input.ownerId, kind: 'client' });
  const typeIds = [...new Set(project.project_type_ids)];
  if (typeIds.length > 0)
    await tx
      .insert(projectProjectTypes)
      .values(typeIds.map((projectTypeId) => ({ projectId, projectTypeId })));
  const techIds = [...new Set(project.tech_ids)];
  if (techIds.length > 0)
    await tx.insert(projectTechs).values(techIds.map((techId) => ({ projectId, techId })));
  return projectId;
}

/** The 'Other' addition is kept only when a type titled Other is among the chosen types (docs/product.md §C5). */
async function hasOtherType(tx: Tx, typeIds: number[]): Promise<boolean> {
  const rows = await tx
    .select({ id: projectTypes.id })
    .from(projectTypes)
    .where(sql`${inArray(projectTypes.id, typeIds)} and lower(${projectTypes.title}) = 'other'`);
  return rows.length > 0;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const err = e as { code?: string; constraint?: string; message?: string };
    if (err.code === '23505' && (err.constraint === constraint || err.message?.includes(constraint)))
      return true;
  }
  return false;
}

/**
 * A visitor's sign-up (docs/product.md §C3): user (always a client, login = e-mail), company titled after the
 * project, and the project they own, in one transaction, so a failure leaves nothing behind.
 */
export async function registerClient(
  db: Db,
  body: RegisterClientBody,
): Promise<{ userId: number; projectId: number }> {
  const email = body.user.email.trim();
  const taken = await db
    .select({ email: users.email, login: users.login })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email}) or lower(${users.login}) = lower(${email})`);
  if (taken.some((u) => u.email.toLowerCase() === email.toLowerCase())) throw emailTaken();
  if (taken.length > 0) throw loginTaken();

  const passwordHash = await hashPassword(body.user.password);
  try {
    return await db.transaction(async (tx) => {
      // Racing sign-ups of one address wait here; the losers get the answer above, not a unique violation.
      const claim = await claimIdentity(tx, { email, login: email });
      if (claim === 'email') throw emailTaken();
      if (claim) throw loginTaken();
      await assertProjectChoices(tx, body.project, body.company.company_size_id);
      const [company] = await tx
        .insert(companies)
        .values({ title: body.project.title, companySizeId: body.company.company_size_id ?? null })
        .returning({ id: companies.id });
      const [user] = await tx
        .insert(users)
        .values({
          name: body.user.name,
          login: email,
          email,
          phone: body.user.phone,
          role: 'client',
          companyId: company!.id,
          timezone: body.user.timezone || null,
          referralCode: body.user.code || null,
          passwordHash,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!user) throw emailTaken();
      const projectId = await insertProject(tx, {
        project: body.project,
        ownerId: user.id,
        companyId: company!.id,
      });
      // A lead no one hears of is lost: every admin and the default account manager are told.
      await notify(tx, {
        kind: 'lead-new',
        recipients: await leadRecipients(tx),
        title: `New lead: ${body.user.name} signed up with "${body.project.title}"`,
        link: `/project/daily-updates/${projectId}`,
        subject: { type: 'project', id: projectId },
        projectId,
      });
      return { userId: user.id, projectId };
    });
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides, the answer stays the product's.
    if (isUniqueViolation(error, 'users_email_uq')) throw emailTaken();
    if (isUniqueViolation(error, 'users_login_uq')) throw loginTaken();
    throw error;
  }
}

/**
 * A signed-in client's wizard: only the project is new. Their company is reused; a client without
 * one gets a company titled after the project, as at sign-up.
 */
export async function createClientProject(
  db: Db,
  clientId: number,
  body: Pick<ClientProjectRequestBody, 'project'> & { company?: { company_size_id?: number | null } },
): Promise<{ projectId: number }> {
  return db.transaction(async (tx) => {
    const sizeId = body.company?.company_size_id ?? null;
    await assertProjectChoices(tx, body.project, sizeId);
    const [client] = await tx
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.id, clientId));
    let companyId = client?.companyId ?? null;
    if (companyId === null) {
      const [company] = await tx
        .insert(companies)
        .values({ title: body.project.title, companySizeId: sizeId })
        .returning({ id: companies.id });
      companyId = company!.id;
      await tx.update(users).set({ companyId, updatedAt: new Date() }).where(eq(users.id, clientId));
    }
    const projectId = await insertProject(tx, { project: body.project, ownerId: clientId, companyId });
    const [owner] = await tx.select({ name: users.name }).from(users).where(eq(users.id, clientId));
    await notify(tx, {
      kind: 'project-new',
      recipients: await projectStaffRecipients(tx, projectId),
      title: `New project from ${owner?.name ?? 'a client'}: "${body.project.title}"`,
      link: `/project/daily-updates/${projectId}`,
      subject: { type: 'project', id: projectId },
      projectId,
    });
    return { projectId };
  });
}
