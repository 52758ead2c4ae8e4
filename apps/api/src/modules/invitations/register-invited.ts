import type { InvitedSignUpBody } from '@dd/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invitations, projectMembers, projects, users } from '../../db/schema/index.ts';
import { AppError, attr } from '../../lib/app-error.ts';
import { hashPassword } from '../auth/password.ts';
import { imageUrl, storeImage } from '../images/images.ts';
import { notify } from '../notifications/notify.ts';
import { claimIdentity } from '../users/identity-claim.ts';
import { findOpenInvitation, invalidInvitation } from './invitation-tokens.ts';

export const EMAIL_TAKEN = 'Email is already taken';

/**
 * POST /authorization/register: the invited person becomes a client (login = e-mail), a client member
 * of the invited project, and the invitation is spent; all or nothing.
 */
export async function registerInvitedUser(
  db: Db,
  input: InvitedSignUpBody,
  now: Date,
): Promise<{ userId: number; projectId: number; email: string }> {
  const invitation = await findOpenInvitation(db, input.token, now);
  if (!invitation) throw invalidInvitation({ pointer: attr('token') });
  // The address is the invited one; the form shows it disabled, and it is the account's identity.
  const email = invitation.email;
  const taken = async () => {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        sql`lower(${users.email}) = ${email.toLowerCase()} or lower(${users.login}) = ${email.toLowerCase()}`,
      )
      .limit(1);
    return Boolean(row);
  };
  const emailTaken = () => new AppError('email_taken', { title: EMAIL_TAKEN, pointer: attr('email') });
  if (await taken()) throw emailTaken();

  const passwordHash = await hashPassword(input.password);
  const avatar = input.avatar?.startsWith('data:') ? await storeAvatar(db, input.avatar) : null;
  try {
    return await db.transaction(async (tx) => {
      // Racing sign-ups of one address wait here; the losers get the answer above, not a unique violation.
      if (await claimIdentity(tx, { email, login: email })) throw emailTaken();
      const spent = await tx
        .update(invitations)
        .set({ usedAt: now })
        .where(and(eq(invitations.id, invitation.id), isNull(invitations.usedAt)))
        .returning({ id: invitations.id, invitedById: invitations.invitedById });
      if (spent.length !== 1) throw invalidInvitation({ pointer: attr('token') });
      // The address now has an account, so no other invitation of it can be used: none stays pending.
      await tx
        .update(invitations)
        .set({ usedAt: now })
        .where(and(sql`lower(${invitations.email}) = ${email.toLowerCase()}`, isNull(invitations.usedAt)));
      const [user] = await tx
        .insert(users)
        .values({
          name: input.name,
          login: email,
          email,
          phone: input.phone,
          timezone: input.timezone || null,
          avatar,
          role: 'client',
          passwordHash,
          lastProjectId: invitation.projectId,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!user) throw emailTaken();
      await tx
        .insert(projectMembers)
        .values({ projectId: invitation.projectId, userId: user.id, kind: 'client' })
        .onConflictDoNothing();
      const inviter = spent[0]!.invitedById;
      if (inviter !== null) {
        const [project] = await tx
          .select({ title: projects.title })
          .from(projects)
          .where(eq(projects.id, invitation.projectId));
        await notify(tx, {
          kind: 'invitation-accepted',
          recipients: [inviter],
          title: `${input.name} accepted your invitation to "${project?.title ?? 'a project'}"`,
          link: `/project/daily-updates/${invitation.projectId}`,
          subject: { type: 'project', id: invitation.projectId },
          projectId: invitation.projectId,
          at: now,
        });
      }
      return { userId: user.id, projectId: invitation.projectId, email };
    });
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides, the loser gets the same answer.
    if (error instanceof AppError) throw error;
    if (await taken()) throw emailTaken();
    throw error;
  }
}

/**
 * The optional avatar comes inline as a data URL: the person has no session yet, so the page cannot
 * use POST /image/upload first. Other strings are ignored, so no outside address becomes an avatar.
 */
async function storeAvatar(db: Db, data: string): Promise<string> {
  try {
    const image = await storeImage(db, { title: 'avatar', data });
    return imageUrl(image.id);
  } catch (error) {
    if (error instanceof AppError)
      throw new AppError(error.code, { title: error.message, pointer: attr('avatar') });
    throw error;
  }
}
