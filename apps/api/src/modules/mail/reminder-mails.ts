import { callMail, callTimes } from './call-booked-mail.ts';
import { renderMail } from './layout.ts';

export type CallReminderMail = {
  productName: string;
  recipientName: string;
  recipientTimezone: string;
  projectTitle: string;
  clientName: string;
  start: Date;
  minutes: number;
  link: string;
  /** '24h' or '1h' before the call. */
  kind: '24h' | '1h';
  forClient: boolean;
};

/** A call reminder (docs/product.md §F2): the time in the recipient's named timezone and in UTC. */
export function callReminderMail(mail: CallReminderMail) {
  const when = mail.kind === '24h' ? 'tomorrow' : 'in one hour';
  const { local, utc } = callTimes(mail);
  const paragraphs = mail.forClient
    ? [
        `A reminder: your discovery call about "${mail.projectTitle}" is ${when}, ${local}, that is ${utc}.`,
        `The call takes ${mail.minutes} minutes.`,
      ]
    : [
        `A reminder: the discovery call with ${mail.clientName} about "${mail.projectTitle}" is ${when}, ${local}, that is ${utc}.`,
        `The call takes ${mail.minutes} minutes.`,
      ];
  return callMail(mail, `Reminder: discovery call ${when}: ${mail.projectTitle}`, paragraphs);
}

export type TeamReminderMail = {
  productName: string;
  recipientName: string;
  projectTitle: string;
  link: string;
};

/** The 16:00 team reminder (docs/product.md §F2): nobody posted an update on the project today. */
export function teamReminderMail(mail: TeamReminderMail) {
  return {
    subject: `No update on ${mail.projectTitle} today`,
    ...renderMail({
      productName: mail.productName,
      greeting: `Hello ${mail.recipientName},`,
      paragraphs: [
        `Nobody has posted an update on "${mail.projectTitle}" today. The client is waiting to hear how the work goes: a few lines are enough.`,
      ],
      action: { label: 'Write the update', url: mail.link },
      footnote:
        'You receive this because your reminder is on for this project. Turn it off in the project team settings.',
    }),
  };
}
