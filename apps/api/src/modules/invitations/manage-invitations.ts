import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invitations, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { MailMessage } from '../../plugins/app/mailer.ts';
import { invitationMail } from '../mail/invitation-mail.ts';
import { appLink } from '../mail/links.ts';
import { INVITED_SIGN_UP_PATH, invitationReplyTo } from './create-invitation.ts';
import { INVITATION_TTL_MS } from './invitation-tokens.ts';

export type PendingInvitation = {
  id: number;
  email: string;
  projectId: number;
  invitedBy: string | null;
  createdAt: Date;
  expiresAt: Date;
};

/** A project's pending invitations (unused, unexpired), newest first. Never a token or its hash. */
export async function listPendingInvitations(
  db: Db,
  projectId: number,
  now: Date,
): Promise<PendingInvitation[]> {
  return db
    .select({
      id: invitations.id,
      email: invitations.email,
      projectId: invitations.projectId,
      invitedBy: users.name,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedById))
    .where(
      and(eq(invitations.projectId, projectId), isNull(invitations.usedAt), gt(invitations.expiresAt, now)),
    )
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
}

/** One invitation that is still open (unused); an expired one may still be resent or revoked. */
export async function loadOpenInvitation(db: Db, id: number) {
  const [row] = await db
    .select({ id: invitations.id, email: invitations.email, projectId: invitations.projectId })
    .from(invitations)
    .where(and(eq(invitations.id, id), isNull(invitations.usedAt)))
    .limit(1);
  if (!row) throw notFound('Invitation');
  return row;
}

export type ResendInput = {
  invitation: { id: number; email: string };
  project: { id: number; title: string };
  invitedBy: { id: number; name: string; email?: string | null };
  now: Date;
  publicUrl: string;
  productName: string;
};

/**
 * POST /invitation/{id}/resend: a new token replaces the old one (the link mailed before stops working)
 * and runs 7 days from now; the mail is the same invitation mail, its link kept out of the outbox.
 */
export async function resendInvitation(
  db: Db,
  input: ResendInput,
): Promise<{ mail: MailMessage; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(input.now.getTime() + INVITATION_TTL_MS);
  const [row] = await db
    .update(invitations)
    .set({ tokenHash: hashToken(token), expiresAt, invitedById: input.invitedBy.id })
    .where(and(eq(invitations.id, input.invitation.id), isNull(invitations.usedAt)))
    .returning({ redirectUrl: invitations.redirectUrl });
  // Used between the load and this update: it is no longer an invitation to resend.
  if (!row) throw notFound('Invitation');
  const link = appLink(input.publicUrl, INVITED_SIGN_UP_PATH, token, row.redirectUrl);
  const content = invitationMail({
    productName: input.productName,
    inviterName: input.invitedBy.name,
    projectTitle: input.project.title,
    link,
  });
  return {
    mail: {
      to: input.invitation.email,
      ...content,
      ...invitationReplyTo(input.invitedBy),
      secrets: [...content.secrets, token],
    },
    expiresAt,
  };
}

/** DELETE /invitation/{id}: the row goes, so its link no longer signs anyone up. */
export async function revokeInvitation(db: Db, id: number): Promise<void> {
  const deleted = await db
    .delete(invitations)
    .where(and(eq(invitations.id, id), isNull(invitations.usedAt)))
    .returning({ id: invitations.id });
  if (deleted.length === 0) throw notFound('Invitation');
}
