import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invitations, projects, users } from '../../db/schema/index.ts';
import { AppError, attr, notFound } from '../../lib/app-error.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { MailMessage } from '../../plugins/app/mailer.ts';
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
  const [inviter] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return { id: userId, name: inviter?.name ?? productName };
}

export type CreateInvitationInput = {
  email: string;
  project: { id: number; title: string };
  invitedBy: { id: number; name: string };
  redirectUrl?: string | null;
  now: Date;
  publicUrl: string;
  productName: string;
};

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
  const [row] = await db
    .insert(invitations)
    .values({
      email,
      projectId: input.project.id,
      tokenHash: hashToken(token),
      redirectUrl: input.redirectUrl ?? null,
      invitedById: input.invitedBy.id,
      expiresAt: new Date(input.now.getTime() + INVITATION_TTL_MS),
    })
    .returning({ id: invitations.id });
  const link = appLink(input.publicUrl, INVITED_SIGN_UP_PATH, token, input.redirectUrl);
  const content = invitationMail({
    productName: input.productName,
    inviterName: input.invitedBy.name,
    projectTitle: input.project.title,
    link,
  });
  // The link (and the token in it) reaches only the mailbox, or the operator's log without SMTP.
  const mail = { to: email, ...content, secrets: [...content.secrets, token] };
  return { id: row!.id, mail };
}
