import type { DeliveryDecision } from '@dd/domain';
import { renderMail } from '../mail/layout.ts';

export type DecisionMail = {
  productName: string;
  url: string;
  ownerName: string;
  deciderName: string;
  title: string;
  decision: DeliveryDecision;
  reason: string | null;
};

/** The task owner hears of the product owner's decision on their delivery, with the reason given. */
export function decisionMail(mail: DecisionMail) {
  const word = mail.decision === 'accept' ? 'accepted' : 'rejected';
  return {
    subject: `“${mail.title}” was ${word}`,
    // About a project: people may answer it (docs/product.md §D10), so it is no auto-generated notice.
    invitesAnswer: true,
    ...renderMail({
      productName: mail.productName,
      greeting: `Hello ${mail.ownerName},`,
      paragraphs: [
        `${mail.deciderName} ${word} the delivered task “${mail.title}”.`,
        ...(mail.reason ? [`The reason given: ${mail.reason}`] : []),
        ...(mail.decision === 'reject'
          ? ['The reason is also a comment on the task; restart it from the board.']
          : []),
      ],
      action: { label: 'Open the task board', url: mail.url },
      footnote: 'You receive this because you are the owner of the task.',
    }),
  };
}
