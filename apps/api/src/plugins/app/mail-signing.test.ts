import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// mailauth ships no types; its verifier is CommonJS.
// @ts-expect-error -- untyped module
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dkimFrom } from '../../config.ts';
import { scheduledCalls } from '../../db/schema/index.ts';
import { missedMessagesMail } from '../../modules/chat/missed-mail.ts';
import { decisionMail } from '../../modules/deliveries/decision-mail.ts';
import { digestMail } from '../../modules/digest/digest-mail.ts';
import { invitationReplyTo } from '../../modules/invitations/create-invitation.ts';
import { callChangedMessage } from '../../modules/mail/call-changed-mail.ts';
import { makeDkimKey } from '../../modules/mail/dkim-key.ts';
import { confirmEmailChangeMail, emailChangeRequestedMail } from '../../modules/mail/email-change-mails.ts';
import { invitationMail } from '../../modules/mail/invitation-mail.ts';
import { passwordResetMail, welcomeMail } from '../../modules/mail/password-reset-mail.ts';
import { callReminderMail, teamReminderMail } from '../../modules/mail/reminder-mails.ts';
import { signedUpMail } from '../../modules/mail/signed-up-mail.ts';
import { notificationMail } from '../../modules/notifications/notification-mail.ts';
import { callBookedMessages, callRequestedMessage } from '../../modules/scheduled-calls/book-call.ts';
import { buildProject, buildUser } from '../../test/factories.ts';
import { startSmtpReceiver } from '../../test/smtp-receiver.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import type { MailMessage } from './mailer.ts';

// Every kind of mail the app sends goes through the real mailer and nodemailer's SMTP transport to a
// real SMTP server, signed with a key made by `npm run mail:dkim-key`'s function, and is verified by
// mailauth against the TXT record that command prints (docs/product.md §D10).

const PUBLIC_URL = 'https://desk.agency.example';
const DOMAIN = 'desk.agency.example';
const REPLY_DESK = 'desk@agency.example';

let t: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpReceiver>>;
let keyDir: string;
let record: { name: string; value: string; file: string };

beforeAll(async () => {
  keyDir = mkdtempSync(path.join(tmpdir(), 'dd-dkim-'));
  record = makeDkimKey({ domain: DOMAIN, selector: 'dd1', file: path.join(keyDir, 'dd1.pem') });
  sink = await startSmtpReceiver();
  t = await buildTestApp({
    smtpUrl: sink.url,
    publicUrl: PUBLIC_URL,
    mailReplyTo: REPLY_DESK,
    dkim: dkimFrom({ DKIM_DOMAIN: DOMAIN, DKIM_SELECTOR: 'dd1', DKIM_PRIVATE_KEY_FILE: record.file }),
  });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
  rmSync(keyDir, { recursive: true, force: true });
});

/** Each header of the message's top part (unfolded), by lower-case name. */
function headersOf(raw: string): Map<string, string[]> {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const map = new Map<string, string[]>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    map.set(name, [...(map.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return map;
}

/** The Content-Type of each part directly inside the message's multipart/alternative. */
function alternatives(raw: string): string[] {
  const boundary = /multipart\/alternative;\s*boundary="?([^"\r\n;]+)"?/i.exec(
    raw.replace(/\r\n[ \t]+/g, ' '),
  )?.[1];
  if (!boundary) return [];
  const body = raw.split(`--${boundary}--`)[0]!;
  return body
    .split(`--${boundary}\r\n`)
    .slice(1)
    .map((part) => /^content-type:\s*([^\r\n]+)/im.exec(part.replace(/\r\n[ \t]+/g, ' '))?.[1] ?? '');
}

type Kind = {
  kind: string;
  message: MailMessage;
  /** Reply-To expected, or null: then the mail is a notice with Auto-Submitted. */
  replyTo: string | null;
  calendar?: 'REQUEST' | 'CANCEL' | 'PUBLISH';
};

async function everyKind(): Promise<Kind[]> {
  const { db } = t.database;
  const manager = await buildUser(db, { role: 'accountManager', name: 'Amy Manager' });
  const client = await buildUser(db, { role: 'client', name: 'Carla Client', timezone: 'Europe/Berlin' });
  const project = await buildProject(db, { ownerId: client.id, accountManagerId: manager.id, title: 'Shop' });
  const [call] = await db
    .insert(scheduledCalls)
    .values({
      projectId: project.id,
      userId: client.id,
      scheduledAt: new Date('2026-12-14T10:00:00Z'),
      timezone: 'Europe/Berlin',
      status: 'booked',
      icsUid: 'scheduled-call-signed',
    })
    .returning();
  const base = { productName: 'Delivery Desk', publicUrl: PUBLIC_URL, mailFrom: t.config.mailFrom };
  const now = new Date('2026-12-01T09:00:00Z');
  const link = `${PUBLIC_URL}/project/daily-updates/${project.id}`;
  const unsubscribeUrl = `${PUBLIC_URL}/api/unsubscribe/signed-token`;
  const to = client.email;
  const booked = await callBookedMessages(db, call!, { ...base, now });
  const requested = await callRequestedMessage(db, call!, base);
  const change = (c: 'approved' | 'declined' | 'cancelled' | 'moved') =>
    callChangedMessage(db, call!, c, { ...base, now }, c === 'moved' ? now : undefined);
  const reminder = (forClient: boolean) =>
    callReminderMail({
      productName: 'Delivery Desk',
      recipientName: 'Carla Client',
      recipientTimezone: 'Europe/Berlin',
      projectTitle: 'Shop',
      clientName: 'Carla Client',
      start: call!.scheduledAt,
      minutes: 30,
      link,
      kind: '24h',
      forClient,
    });
  return [
    {
      kind: 'invitation',
      message: {
        to: 'new.client@example.com',
        ...invitationMail({ productName: 'Delivery Desk', inviterName: 'Amy', projectTitle: 'Shop', link }),
        ...invitationReplyTo({ email: manager.email }),
      },
      replyTo: manager.email,
    },
    {
      kind: 'password reset',
      message: { to, ...passwordResetMail({ productName: 'Delivery Desk', name: 'Carla', link }) },
      replyTo: null,
    },
    {
      kind: 'sign-up confirmation',
      message: {
        to,
        ...signedUpMail({
          productName: 'Delivery Desk',
          name: 'Carla',
          login: to,
          projectTitle: 'Shop',
          link,
        }),
      },
      replyTo: REPLY_DESK,
    },
    {
      kind: 'welcome of a created user',
      message: {
        to,
        ...welcomeMail({
          productName: 'Delivery Desk',
          name: 'Carla',
          login: to,
          signInUrl: `${PUBLIC_URL}/login/signin`,
          link,
        }),
      },
      replyTo: null,
    },
    {
      kind: 'email change: confirm the new address',
      message: {
        to,
        ...confirmEmailChangeMail({ productName: 'Delivery Desk', name: 'C', actorName: 'A', link }),
      },
      replyTo: null,
    },
    {
      kind: 'email change: requested, to the old address',
      message: {
        to,
        ...emailChangeRequestedMail({
          productName: 'Delivery Desk',
          name: 'C',
          actorName: 'A',
          to: 'n@x.io',
          link,
        }),
      },
      replyTo: null,
    },
    {
      kind: 'team reminder',
      message: {
        to: manager.email,
        ...teamReminderMail({
          productName: 'Delivery Desk',
          recipientName: 'Amy',
          projectTitle: 'Shop',
          link,
        }),
      },
      replyTo: null,
    },
    ...booked.map((message) => ({
      kind: `call booked (${message.to === to ? 'client' : 'account manager'})`,
      message,
      replyTo: message.to === to ? manager.email : REPLY_DESK,
      calendar: message.to === to ? ('REQUEST' as const) : ('PUBLISH' as const),
    })),
    { kind: 'call requested', message: requested!, replyTo: manager.email },
    {
      kind: 'call approved',
      message: (await change('approved'))!,
      replyTo: manager.email,
      calendar: 'REQUEST',
    },
    {
      kind: 'call declined',
      message: (await change('declined'))!,
      replyTo: manager.email,
      calendar: 'CANCEL',
    },
    {
      kind: 'call cancelled',
      message: (await change('cancelled'))!,
      replyTo: manager.email,
      calendar: 'CANCEL',
    },
    { kind: 'call moved', message: (await change('moved'))!, replyTo: manager.email, calendar: 'REQUEST' },
    // The reminder job adds the manager as Reply-To of the client's copy (modules/reminders).
    {
      kind: 'call reminder (client)',
      message: { to, ...reminder(true), replyTo: manager.email },
      replyTo: manager.email,
    },
    {
      kind: 'call reminder (account manager)',
      message: { to: manager.email, ...reminder(false) },
      replyTo: REPLY_DESK,
    },
    {
      kind: 'client digest',
      message: {
        to,
        ...digestMail({
          productName: 'Delivery Desk',
          recipientName: 'Carla',
          timezone: 'Europe/Berlin',
          publicUrl: PUBLIC_URL,
          updates: [
            {
              projectId: project.id,
              projectTitle: 'Shop',
              reporterName: 'Amy',
              markdown: 'Done **today**',
              createdAt: now,
            },
          ],
          unsubscribeUrl,
        }),
      },
      replyTo: REPLY_DESK,
    },
    {
      kind: 'chat missed messages',
      message: {
        to,
        ...missedMessagesMail({
          productName: 'Delivery Desk',
          recipientName: 'Carla',
          timezone: 'Europe/Berlin',
          projectTitle: 'Shop',
          chatUrl: link,
          unsubscribeUrl,
          messages: [{ authorName: 'Amy', markdown: 'Hello', createdAt: now }],
        }),
      },
      replyTo: REPLY_DESK,
    },
    {
      kind: 'notification batch',
      message: {
        to: manager.email,
        ...notificationMail({
          productName: 'Delivery Desk',
          publicUrl: PUBLIC_URL,
          recipientName: 'Amy',
          entries: [{ id: 1, title: 'A new lead', link: '/projects-table' }],
          unsubscribeUrl,
        }),
      },
      replyTo: REPLY_DESK,
    },
    {
      kind: 'delivery decision',
      message: {
        to: manager.email,
        ...decisionMail({
          productName: 'Delivery Desk',
          url: `${PUBLIC_URL}/task-board`,
          ownerName: 'Amy',
          deciderName: 'Carla',
          title: 'Checkout',
          decision: 'reject',
          reason: 'Button missing',
        }),
      },
      replyTo: REPLY_DESK,
    },
  ];
}

describe('every mail, through SMTP, DKIM-signed', () => {
  it('the key command writes the private key readable by its owner only', () => {
    expect(statSync(record.file).mode & 0o777).toBe(0o600);
    expect(record.name).toBe(`dd1._domainkey.${DOMAIN}`);
    expect(record.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]+=*$/);
  });

  it('is from the agency domain, Message-ID of that domain, signed and verified; Reply-To or Auto-Submitted', async () => {
    const kinds = await everyKind();
    expect(kinds).toHaveLength(20);
    // Each message names its kind in a header of its own, as subjects may be MIME-encoded.
    const tagged = kinds.map((k, i) => ({
      ...k,
      message: { ...k.message, headers: { ...k.message.headers, 'X-Test-Kind': String(i) } },
    }));
    for (const k of tagged) await t.app.mailer.send(k.message);
    await t.app.mailer.settled();
    expect(sink.received).toHaveLength(kinds.length);

    // The DNS answers only the record the command printed.
    const resolver = async (name: string, type: string) => {
      if (type === 'TXT' && name === record.name) return [[record.value]];
      throw Object.assign(new Error(`no ${type} ${name}`), { code: 'ENOTFOUND' });
    };
    const report: string[] = [];
    for (const mail of sink.received) {
      const headers = headersOf(mail.raw);
      const k = tagged[Number(headers.get('x-test-kind')?.[0])]!;
      const verified = await dkimVerify(Buffer.from(mail.raw), { resolver });
      const result = verified.results[0];
      expect(result?.status?.result, `${k.kind}: DKIM`).toBe('pass');
      expect(result?.signingDomain, k.kind).toBe(DOMAIN);
      expect(headers.get('from'), k.kind).toEqual([`Delivery Desk <no-reply@${DOMAIN}>`]);
      expect(headers.get('message-id')?.[0], k.kind).toMatch(
        new RegExp(`^<[^@>]+@${DOMAIN.replace(/\./g, '\\.')}>$`),
      );
      if (k.replyTo) {
        expect(headers.get('reply-to'), k.kind).toEqual([k.replyTo]);
        expect(headers.has('auto-submitted'), k.kind).toBe(false);
      } else {
        expect(headers.has('reply-to'), k.kind).toBe(false);
        expect(headers.get('auto-submitted'), k.kind).toEqual(['auto-generated']);
      }
      const parts = alternatives(mail.raw);
      if (k.calendar) expect(parts, k.kind).toContain(`text/calendar; charset=utf-8; method=${k.calendar}`);
      else
        expect(
          parts.some((p) => p.startsWith('text/calendar')),
          k.kind,
        ).toBe(false);
      report.push(
        `${k.kind}: dkim=${result.status.result} reply-to=${k.replyTo ?? '-'} calendar=${k.calendar ?? '-'}`,
      );
    }
    expect(report).toHaveLength(kinds.length);
  });

  it('a changed message fails verification (the check is real)', async () => {
    const original = sink.received.find((m) => /^Subject: You are invited/m.test(m.raw))!.raw;
    const raw = original.replace(/^Subject: You are invited/m, 'Subject: You are not invited');
    expect(raw).not.toBe(original);
    const resolver = async () => [[record.value]];
    const verified = await dkimVerify(Buffer.from(raw), { resolver });
    expect(verified.results[0]?.status?.result).not.toBe('pass');
  });
});
