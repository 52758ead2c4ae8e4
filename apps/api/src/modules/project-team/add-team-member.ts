import { randomBytes } from 'node:crypto';
import { SERVER_ERRORS, type TeamMemberRole } from '@dd/domain';
import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { images, projectMembers, users } from '../../db/schema/index.ts';
import { AppError, attr } from '../../lib/app-error.ts';
import { hashPassword } from '../auth/password.ts';
import { publishEvent } from '../events/publish-event.ts';
import { claimIdentity } from '../users/identity-claim.ts';

export type NewTeamMemberInput = { role: TeamMemberRole; name: string; email: string; avatar: string };

const IMAGE_URL = /^\/api\/image\/(\d{1,10})$/;

/**
 * The add-developer / add-project-manager modals (docs/product.md §C2, §C5, §C7): creates the person with the
 * uploaded avatar and puts them on the project in one transaction. The spec's client sends a fixed
 * default password; we store the hash of a random one instead, so the account cannot be entered until
 * its owner sets a password through "forgot password". The e-mail is the login.
 */
export async function addNewTeamMember(db: Db, projectId: number, input: NewTeamMemberInput, now: Date) {
  const imageId = Number(IMAGE_URL.exec(input.avatar)?.[1]);
  const [image] = Number.isSafeInteger(imageId)
    ? await db.select({ id: images.id }).from(images).where(eq(images.id, imageId)).limit(1)
    : [];
  if (!image) throw new AppError('unprocessable', { title: 'Avatar is required!', pointer: attr('avatar') });

  const email = input.email.trim();
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(
      or(
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        sql`lower(${users.login}) = ${email.toLowerCase()}`,
      ),
    )
    .limit(1);
  if (taken.length > 0)
    throw new AppError('email_taken', { title: SERVER_ERRORS.emailTaken, pointer: attr('email') });

  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const emailTaken = () =>
    new AppError('email_taken', { title: SERVER_ERRORS.emailTaken, pointer: attr('email') });
  return db.transaction(async (tx) => {
    // Racing adds of one address wait here; the losers get the answer above, not a unique violation.
    if (await claimIdentity(tx, { email, login: email })) throw emailTaken();
    const [user] = await tx
      .insert(users)
      .values({
        name: input.name.trim(),
        login: email,
        email,
        avatar: input.avatar,
        role: input.role,
        passwordHash,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) throw emailTaken();
    await tx.insert(projectMembers).values({ projectId, userId: user.id, kind: input.role, createdAt: now });
    await publishEvent(tx, { kind: 'team', id: projectId, projectId });
    return user;
  });
}
