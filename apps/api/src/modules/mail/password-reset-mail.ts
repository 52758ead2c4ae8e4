import { renderMail } from './layout.ts';

export type PasswordResetMail = { productName: string; name: string; link: string };

export function passwordResetMail({ productName, name, link }: PasswordResetMail) {
  return {
    subject: `Reset your ${productName} password`,
    ...renderMail({
      productName,
      greeting: `Hello ${name},`,
      paragraphs: [
        `Someone asked to reset the password of your ${productName} account. Open the link below to choose a new one.`,
        'The link works once and expires in one hour.',
      ],
      action: { label: 'Choose a new password', url: link, secret: true },
      footnote: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    }),
  };
}
