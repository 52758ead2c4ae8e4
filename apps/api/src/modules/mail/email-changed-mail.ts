import { renderMail } from './layout.ts';
import { maskEmail } from './mask-email.ts';

export type EmailChangedMail = {
  productName: string;
  publicUrl: string;
  name: string;
  actorName: string;
  from: string;
  to: string;
};

/**
 * The notice to the previous address when someone else changed it (docs/product.md §F4): who changed it,
 * to what (masked: the old mailbox may no longer be the user's), and what to do if it was unexpected.
 */
export function emailChangedMail(mail: EmailChangedMail) {
  return {
    subject: `Your ${mail.productName} e-mail address was changed`,
    ...renderMail({
      productName: mail.productName,
      greeting: `Hello ${mail.name},`,
      paragraphs: [
        `${mail.actorName} changed the e-mail address of your ${mail.productName} account from ${mail.from} to ${maskEmail(mail.to)}.`,
        'Mail for your account, password reset links included, now goes to the new address. Password reset links sent before the change no longer work.',
        'If you did not expect this change, reply to this e-mail or contact your account manager right away, so the address can be set back.',
      ],
      action: { label: `Open ${mail.productName}`, url: `${mail.publicUrl}/login` },
      footnote: 'You receive this at your previous address because it was the one on your account until now.',
    }),
  };
}
