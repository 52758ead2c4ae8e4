import { renderMail } from './layout.ts';

export type InvitationMail = { productName: string; inviterName: string; projectTitle: string; link: string };

export function invitationMail({ productName, inviterName, projectTitle, link }: InvitationMail) {
  return {
    subject: `You are invited to ${projectTitle} on ${productName}`,
    // The invited may ask the person who invited them (docs/product.md §D10).
    invitesAnswer: true,
    ...renderMail({
      productName,
      greeting: 'Hello,',
      paragraphs: [
        `${inviterName} invited you to follow the project "${projectTitle}" on ${productName}.`,
        'Create your account with the link below. It works once and expires in 7 days.',
      ],
      action: { label: 'Create your account', url: link, secret: true },
      footnote: 'If you did not expect this invitation, you can ignore this e-mail.',
    }),
  };
}
