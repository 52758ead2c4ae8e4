import { DateTime } from 'luxon';
import { callTimeIn } from './call-booked-mail.ts';
import { renderMail } from './layout.ts';

/**
 * A call that waits for staff approval (blacklisted phone prefix): the client is told it is a request,
 * not a booking, and what the team needs before confirming. No invite: nothing is in a calendar yet.
 */
export function callRequestedMail(mail: {
  productName: string;
  recipientName: string;
  timezone: string;
  projectTitle: string;
  start: Date;
  link: string;
}) {
  const local = `${callTimeIn(mail.start, mail.timezone)} (${mail.timezone})`;
  const utc = `${DateTime.fromJSDate(mail.start, { zone: 'UTC' }).toFormat('yyyy-MM-dd HH:mm')} UTC`;
  return {
    subject: `Call request received: ${mail.projectTitle} — awaiting confirmation`,
    // It asks the client for their rate and budget by reply.
    invitesAnswer: true,
    ...renderMail({
      productName: mail.productName,
      greeting: `Hello ${mail.recipientName},`,
      paragraphs: [
        `We received your request for a discovery call about "${mail.projectTitle}" on ${local}, that is ${utc}.`,
        'It is not confirmed yet. Before we confirm, please reply to this e-mail with the rate you have in mind and your budget. We will confirm the call, or suggest another time, by e-mail.',
      ],
      action: { label: 'Open your project', url: mail.link },
      footnote: 'You receive this because you asked for a discovery call.',
    }),
  };
}
