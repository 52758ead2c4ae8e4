import { DateTime } from 'luxon';
import { renderMail } from './layout.ts';

export type CallBookedMail = {
  productName: string;
  recipientName: string;
  /** The recipient's timezone; the call time is written in it and the zone named. */
  recipientTimezone: string;
  clientName: string;
  /** The booking client's timezone, named for the team. */
  clientTimezone: string;
  projectTitle: string;
  start: Date;
  minutes: number;
  link: string;
  /** The booking client gets "your call"; the account manager gets who booked it. */
  forClient: boolean;
};

/** 'Tuesday, November 24, 2026, 10:00 AM' in a zone. */
export function callTimeIn(start: Date, zone: string): string {
  return DateTime.fromJSDate(start, { zone }).setLocale('en-US').toFormat('cccc, LLLL d, yyyy, h:mm a');
}

type CallMailParty = Pick<
  CallBookedMail,
  'productName' | 'recipientName' | 'recipientTimezone' | 'start' | 'link' | 'forClient'
>;

/** The call's time as both call mails write it: in the recipient's named timezone, and in UTC. */
export function callTimes(mail: Pick<CallMailParty, 'start' | 'recipientTimezone'>) {
  return {
    local: `${callTimeIn(mail.start, mail.recipientTimezone)} (${mail.recipientTimezone})`,
    utc: `${DateTime.fromJSDate(mail.start, { zone: 'UTC' }).toFormat('yyyy-MM-dd HH:mm')} UTC`,
  };
}

/** A mail about a booked call (booked, reminder): to the client who booked it, or to the account manager. */
export function callMail(mail: CallMailParty, subject: string, paragraphs: string[]) {
  return {
    subject,
    // The client is told to reply to move the call (docs/product.md §D10).
    invitesAnswer: true,
    ...renderMail({
      productName: mail.productName,
      greeting: `Hello ${mail.recipientName},`,
      paragraphs,
      action: { label: 'Open the project', url: mail.link },
      footnote: mail.forClient
        ? 'Need another time? Reply to this e-mail and we will move the call.'
        : 'You receive this because you are the account manager of the project.',
    }),
  };
}

/** The call-booked mail (docs/product.md §D5): the time in the recipient's named timezone and in UTC, invite attached. */
export function callBookedMail(mail: CallBookedMail) {
  const { local, utc } = callTimes(mail);
  const paragraphs = mail.forClient
    ? [
        `Your free discovery call about "${mail.projectTitle}" is booked for ${local}, that is ${utc}.`,
        `The call takes ${mail.minutes} minutes. The attached invite adds it to your calendar.`,
      ]
    : [
        `${mail.clientName} booked a discovery call about "${mail.projectTitle}" for ${local}, that is ${utc}.`,
        `The client's timezone is ${mail.clientTimezone}. The call takes ${mail.minutes} minutes; the attached invite adds it to your calendar.`,
      ];
  const subject = `Discovery call booked: ${mail.projectTitle}, ${callTimeIn(mail.start, mail.recipientTimezone)}`;
  return callMail(mail, subject, paragraphs);
}
