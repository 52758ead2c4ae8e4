import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import { AppError, attr } from '../../lib/app-error.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { MailMessage } from '../../plugins/app/mailer.ts';
import { appLink } from '../mail/links.ts';
import { passwordResetMail, welcomeMail } from '../mail/password-reset-mail.ts';
import { RESET_TOKEN_TTL_MS } from './reset-tokens.ts';

export const EMAIL_NOT_FOUND = "We can't find a user with that e-mail address.";
export const CHANGE_PASSWORD_PATH = '/login/change-password';

export type RequestResetInput = {
  email: string;
  redirectUrl?: string | null;
  now: Date;
  publicUrl: string;
  productName: string;
};

/**
 * POST /authorization/forgot: a one-hour, single-use reset link for an active user. The token is made
 * and hashed whether or not the address is known, and the mail is handed over without waiting, so
 * both answers do the same work before they return.
 */
export async function requestPasswordReset(
  db: Db,
  input: RequestResetInput,
  sendLater: (message: MailMessage) => void,
): Promise<void> {
  const token = newToken();
  const tokenHash = hashToken(token);
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${input.email.trim().toLowerCase()}`, eq(users.isActive, true)))
    .limit(1);
  if (!user) throw new AppError('email_not_found', { title: EMAIL_NOT_FOUND, pointer: attr('email') });

  await storePasswordToken(db, { userId: user.id, tokenHash, now: input.now, ttlMs: RESET_TOKEN_TTL_MS });
  const link = appLink(input.publicUrl, CHANGE_PASSWORD_PATH, token, input.redirectUrl);
  const mail = passwordResetMail({ productName: input.productName, name: user.name, link });
  // The link (and the token in it) reaches only the mailbox, or the operator's log without SMTP.
  sendLater({ to: user.email, ...mail, secrets: [...mail.secrets, token] });
}

/** Stores a set-your-password token; only the newest works: older unused ones for the user are retired. */
async function storePasswordToken(
  db: Pick<Db, 'update' | 'insert'>,
  input: { userId: number; tokenHash: string; now: Date; ttlMs: number },
): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: input.now })
    .where(and(eq(passwordResetTokens.userId, input.userId), isNull(passwordResetTokens.usedAt)));
  await db.insert(passwordResetTokens).values({
    userId: input.userId,
    tokenHash: input.tokenHash,
    expiresAt: new Date(input.now.getTime() + input.ttlMs),
  });
}

/** How long a welcome mail's set-your-password link works: a new colleague may read it after a weekend. */
export const WELCOME_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The welcome of a user an admin created (docs/product.md §A7): who they sign in as, and a link to choose
 * their own password (a reset token of a week), so the password the admin typed never travels by mail.
 */
export async function sendWelcome(
  db: Db,
  input: { userId: number; now: Date; publicUrl: string; productName: string },
  sendLater: (message: MailMessage) => void,
): Promise<void> {
  const [user] = await db
    .select({ name: users.name, email: users.email, login: users.login })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user) return;
  const token = newToken();
  await storePasswordToken(db, {
    userId: input.userId,
    tokenHash: hashToken(token),
    now: input.now,
    ttlMs: WELCOME_TOKEN_TTL_MS,
  });
  const mail = welcomeMail({
    productName: input.productName,
    name: user.name,
    login: user.login,
    signInUrl: new URL('/login/signin', input.publicUrl).toString(),
    link: appLink(input.publicUrl, CHANGE_PASSWORD_PATH, token, null),
  });
  sendLater({ to: user.email, ...mail, secrets: [...mail.secrets, token] });
}
