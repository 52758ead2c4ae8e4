import { renderMail } from './layout.ts';
import { maskEmail } from './mask-email.ts';

type Common = { productName: string; name: string; actorName: string };

/** To the NEW address: the link that makes the change take effect (docs/adr/0018-pending-email-changes.md). */
export function confirmEmailChangeMail(mail: Common & { link: string }) {
  return {
    subject: 'Confirm your new e-mail address',
    ...renderMail({
      productName: mail.productName,
      greeting: `Hello ${mail.name},`,
      paragraphs: [
        `${mail.actorName} asked to change the e-mail address of your ${mail.productName} account to this one.`,
        'Nothing changes until you confirm it with the link below. The link works once and expires in 48 hours.',
      ],
      action: { label: 'Confirm this address', url: mail.link, secret: true },
      footnote: 'If you do not know this account, ignore this e-mail: the account keeps its address.',
    }),
  };
}

/** To the OLD address: who asked for what (masked), and the link that cancels it, or sets it back. */
export function emailChangeRequestedMail(mail: Common & { to: string; link: string }) {
  return {
    subject: 'Your e-mail address is about to change',
    ...renderMail({
      productName: mail.productName,
      greeting: `Hello ${mail.name},`,
      paragraphs: [
        `${mail.actorName} asked to change the e-mail address of your ${mail.productName} account to ${maskEmail(mail.to)}.`,
        'The change takes effect only when the new address confirms it. Until then, mail for your account, password reset links included, still comes here.',
        'If you did not expect this, cancel it with the link below. For 7 days the link also sets the address back if the change was already confirmed.',
      ],
      action: { label: 'Cancel this change', url: mail.link, secret: true },
      footnote: 'You receive this at your current address because it is the one on your account.',
    }),
  };
}
