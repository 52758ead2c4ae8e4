import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { MailMessage } from '../../plugins/app/mailer.ts';
import { type ReplyConfig, withProjectReplyTo } from '../inbound-mail/reply-token.ts';
import { signedUpMail } from '../mail/signed-up-mail.ts';

/**
 * The get-started wizard's confirmation (issue 42 §4, docs/product.md §D10): one mail with the project's page
 * and the login, to the stored address, a project mail with the project's Reply-To when replies are received.
 */
export async function sendSignUpConfirmation(
  db: Db,
  input: {
    userId: number;
    projectId: number;
    projectTitle: string;
    config: ReplyConfig & { productName: string; publicUrl: string };
    appSecret: string;
  },
  sendLater: (message: MailMessage) => void,
): Promise<void> {
  const [to] = await db
    .select({ email: users.email, name: users.name, login: users.login })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!to) return;
  const message = {
    to: to.email,
    ...signedUpMail({
      productName: input.config.productName,
      name: to.name,
      login: to.login,
      projectTitle: input.projectTitle,
      link: `${input.config.publicUrl}/project/daily-updates/${input.projectId}`,
    }),
  };
  sendLater(await withProjectReplyTo(db, input.config, input.appSecret, message, input.projectId));
}
