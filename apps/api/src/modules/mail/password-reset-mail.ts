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

export type WelcomeMail = {
  productName: string;
  name: string;
  login: string;
  signInUrl: string;
  link: string;
};

/** A created user's welcome: their login and a week-long link to choose a password (never one in clear). */
export function welcomeMail({ productName, name, login, signInUrl, link }: WelcomeMail) {
  return {
    subject: `Your ${productName} account`,
    ...renderMail({
      productName,
      greeting: `Hello ${name},`,
      paragraphs: [
        `An account on ${productName} was made for you. You sign in as ${login} at ${signInUrl}.`,
        'Choose your own password with the link below first. The link works once and expires in 7 days; after that, use "Forgot password" on the sign-in page.',
      ],
      action: { label: 'Choose your password', url: link, secret: true },
      footnote: 'If you did not expect this account, ignore this e-mail or tell the agency.',
    }),
  };
}
