import { MESSAGES } from '@dd/domain';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invitations, projects, users } from '../../db/schema/index.ts';
import { AppError, attr, notFound } from '../../lib/app-error.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { MailMessage } from '../../plugins/app/mailer.ts';
import { isUniqueViolation } from '../admin-forms/checks.ts';
import { invitationMail } from '../mail/invitation-mail.ts';
import { appLink } from '../mail/links.ts';
import { loadProjectRef } from '../projects/load-project.ts';
import { INVITATION_TTL_MS } from './invitation-tokens.ts';

export const EMAIL_REGISTERED = 'User with this email is already registered';
export const INVITED_SIGN_UP_PATH = '/register-invited-user';

/**
 * What `can(actor, 'project:manage-team', project)` needs (the one `loadProjectRef`), with the title the
 * invitation mail names. 404 when the project does not exist.
 */
export async function loadInvitedProject(db: Db, projectId: number) {
  const ref = await loadProjectRef(db, projectId);
  const [project] = await db
    .select({ title: projects.title })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) throw notFound('Project');
  return { ...ref, title: project.title };
}

/** Who the invitation mail says invited: the signed-in user's name, or the product's when it has none. */
export async function inviterOf(db: Db, userId: number, productName: string) {
  const [inviter] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return { id: userId, name: inviter?.name ?? productName, email: inviter?.email ?? null };
}

export type CreateInvitationInput = {
  email: string;
  project: { id: number; title: string };
  /** Who invites: named in the mail, and the mail's Reply-To (docs/product.md §D10). */
  invitedBy: { id: number; name: string; email?: string | null };
  redirectUrl?: string | null;
  now: Date;
  publicUrl: string;
  productName: string;
};

/** An invitation invites questions: they go to the person who sent it (docs/product.md §D10). */
export const invitationReplyTo = (invitedBy: { email?: string | null }) =>
  invitedBy.email ? { replyTo: invitedBy.email } : {};

/** POST /invitation/create: a 7-day, single-use link to sign up as a client of the project. */
export async function createInvitation(
  db: Db,
  input: CreateInvitationInput,
): Promise<{ id: number; mail: MailMessage }> {
  const email = input.email.trim();
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (existing) throw new AppError('email_registered', { title: EMAIL_REGISTERED, pointer: attr('email') });

  const token = newToken();
  const row = await insertOpenInvitation(
    db,
    {
      email,
      projectId: input.project.id,
      tokenHash: hashToken(token),
      redirectUrl: input.redirectUrl ?? null,
      invitedById: input.invitedBy.id,
      expiresAt: new Date(input.now.getTime() + INVITATION_TTL_MS),
    },
    input.now,
  );
  const link = appLink(input.publicUrl, INVITED_SIGN_UP_PATH, token, input.redirectUrl);
  const content = invitationMail({
    productName: input.productName,
    inviterName: input.invitedBy.name,
    projectTitle: input.project.title,
    link,
  });
  // The link (and the token in it) reaches only the mailbox, or the operator's log without SMTP.
  const mail = {
    to: email,
    ...content,
    ...invitationReplyTo(input.invitedBy),
    secrets: [...content.secrets, token],
  };
  return { id: row!.id, mail };
}

const pendingInvitation = () =>
  new AppError('conflict', { title: MESSAGES.invitationPending, pointer: attr('email') });

/**
 * One open invitation per address and project (docs/product.md §F13): a pending one answers 409, so a
 * double click or a second tab sends one mail; an expired one makes way for the new one. The unique index
 * `invitations_open_email_uq` decides between two calls that arrive together.
 */
async function insertOpenInvitation(db: Db, values: typeof invitations.$inferInsert, now: Date) {
  const sameOpen = and(
    eq(invitations.projectId, values.projectId),
    sql`lower(${invitations.email}) = ${values.email.toLowerCase()}`,
    isNull(invitations.usedAt),
  );
  try {
    return await db.transaction(async (tx) => {
      await tx.delete(invitations).where(and(sameOpen, lte(invitations.expiresAt, now)));
      const [pending] = await tx.select({ id: invitations.id }).from(invitations).where(sameOpen).limit(1);
      if (pending) throw pendingInvitation();
      const [row] = await tx.insert(invitations).values(values).returning({ id: invitations.id });
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'invitations_open_email_uq')) throw pendingInvitation();
    throw error;
  }
}
