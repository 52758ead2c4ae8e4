import { renderMail } from './layout.ts';

export type SignedUpMail = {
  productName: string;
  name: string;
  login: string;
  projectTitle: string;
  link: string;
};

/**
 * The get-started wizard's confirmation (docs/product.md §C6): the project is set up, here is its page.
 * It asks for no answer by mail: a question goes to the project's chat (or, with replies by mail on,
 * its Reply-To lands there too).
 */
export function signedUpMail({ productName, name, login, projectTitle, link }: SignedUpMail) {
  return {
    subject: `Your project “${projectTitle}” is on ${productName}`,
    // A project mail (docs/product.md §D10): answerable, to the project when replies by mail are on.
    invitesAnswer: true,
    ...renderMail({
      productName,
      greeting: `Hello ${name},`,
      paragraphs: [
        `Thank you for telling us about ${projectTitle}. Its page is ready: follow the daily updates, talk with the team in the chat and book a discovery call there.`,
        `You sign in as ${login}.`,
      ],
      action: { label: 'Open your project', url: link },
      footnote: `You receive this because you signed up on ${productName}.`,
    }),
  };
}
