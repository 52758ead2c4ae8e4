import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invitations } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken } from '../../lib/tokens.ts';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const INVALID_INVITATION = 'This invitation is invalid, expired or already used';

export const invalidInvitation = (where: { pointer?: string; parameter?: string }) =>
  new AppError('unprocessable', { title: INVALID_INVITATION, ...where });

/** The invitation of a token, if unused and unexpired. */
export async function findOpenInvitation(db: Db, token: string, now: Date) {
  const [row] = await db
    .select({ id: invitations.id, email: invitations.email, projectId: invitations.projectId })
    .from(invitations)
    .where(
      and(
        eq(invitations.tokenHash, hashToken(token)),
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}
