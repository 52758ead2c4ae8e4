import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messages,
  notifications,
  projectMembers,
  projects,
  projectUpdates,
  scheduledCalls,
} from '../../db/schema/index.ts';
import { projectReplyTo, replyAddress, withProjectReplyTo } from '../../modules/inbound-mail/reply-token.ts';
import { startReplyReceiver } from '../../modules/inbound-mail/smtp-receiver.ts';
import { notify } from '../../modules/notifications/notify.ts';
import { buildProject, withSessionAs } from '../../test/factories.ts';
import { startSmtpReceiver } from '../../test/smtp-receiver.ts';
import { buildTestApp, JSON_API, type TestApp } from '../../test/test-app.ts';

const DOMAIN = 'dd.test';
const PROVIDER_SECRET = 'provider-shared-secret-1';
const logs: string[] = [];
let t: TestApp;
let now = new Date();
let sink: Awaited<ReturnType<typeof startSmtpReceiver>>;
beforeAll(async () => {
  sink = await startSmtpReceiver();
  t = await buildTestApp(
    {
      now: () => now,
      smtpUrl: sink.url,
      publicUrl: 'http://dd.test',
      inboundMailDomain: DOMAIN,
      inboundSmtpPort: 0,
      inboundSmtpHost: '127.0.0.1',
      inboundMailSecret: PROVIDER_SECRET,
    },
    { logs },
  );
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const db = () => t.database.db;

/** A client's project with a project manager on its team, and the client's reply address. */
async function setting() {
  const client = await withSessionAs(db(), 'client', { name: 'Cleo Client' });
  const pm = await withSessionAs(db(), 'projectManager', { name: 'Pat Manager' });
  const project = await buildProject(db(), { ownerId: client.user.id, title: 'Atlas' });
  await db()
    .insert(projectMembers)
    .values({ projectId: project.id, userId: pm.user.id, kind: 'projectManager' });
  const address = (userId = client.user.id, projectId = project.id) =>
    replyAddress(t.config, t.app.appSecret, userId, projectId);
  return { client, pm, project, address };
}

let seq = 0;
/** A reply as a mail program writes it: what the person wrote, then the quoted mail. */
async function rawMail(options: {
  from: string;
  to: string;
  text?: string;
  subject?: string;
  headers?: Record<string, string>;
  messageId?: string;
  attachments?: Array<{ filename: string; content: Buffer | string; contentType?: string }>;
}): Promise<Buffer> {
  const composer = new MailComposer({
    from: options.from,
    to: options.to,
    subject: options.subject ?? 'Re: New messages in Atlas',
    messageId: options.messageId ?? `<reply-${Date.now()}-${++seq}@client.test>`,
    text:
      options.text ??
      'Thanks, that works for us.\n\nOn Tue, Jun 1, 2027 at 9:00 AM Delivery Desk <no-reply@dd.test> wrote:\n> Pat Manager: Shall we ship on Friday?\n',
    headers: options.headers ?? {},
    attachments: options.attachments ?? [],
  });
  return composer.compile().build();
}

async function chatOf(projectId: number, headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: `/api/project/${projectId}/messages`, headers });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    data: Array<{
      id: string;
      attributes: { body: string; 'author-name': string | null; files: Array<{ title: string }> };
    }>;
  };
}

const countMessages = async (projectId: number) =>
  (await db().select({ id: messages.id }).from(messages).where(eq(messages.projectId, projectId))).length;

const provider = (raw: Buffer, authorization = `Bearer ${PROVIDER_SECRET}`, type = 'message/rfc822') =>
  t.app.inject({
    method: 'POST',
    url: '/api/inbound-mail',
    headers: { 'content-type': type, authorization },
    payload: raw,
  });

/** The reasons of the drops logged since `from`. */
const droppedSince = (from: number) =>
  logs
    .slice(from)
    .map((line) => JSON.parse(line) as { inboundMail?: { reason?: string }; msg: string })
    .filter((l) => l.msg.startsWith('inbound mail dropped'))
    .map((l) => l.inboundMail?.reason);

const smtpClient = () =>
  nodemailer.createTransport({
    host: '127.0.0.1',
    port: t.app.inboundSmtp!.port,
    secure: false,
    ignoreTLS: true,
  });

describe('a reply sent by a real SMTP client to the built-in receiver', () => {
  it('appears in the project chat as its sender, without the quoted mail and the signature, with its file', async () => {
    const { client, pm, project, address } = await setting();
    const transport = smtpClient();
    const info = await transport.sendMail({
      from: `Cleo Client <${client.user.email}>`,
      to: address(),
      subject: 'Re: New messages in Atlas',
      text: [
        'Friday is fine, @Pat see the brief attached.',
        '',
        '-- ',
        'Cleo Client, Client Ltd',
        '',
        'On Tue, Jun 1, 2027 at 9:00 AM Delivery Desk <no-reply@dd.test> wrote:',
        '> Pat Manager: Shall we ship on Friday?',
      ].join('\n'),
      attachments: [{ filename: 'brief.txt', content: 'the brief', contentType: 'text/plain' }],
    });
    transport.close();
    expect(info.accepted).toEqual([address()]);
    const chat = await chatOf(project.id, client.headers);
    expect(chat.data).toHaveLength(1);
    const posted = chat.data[0]!.attributes;
    expect(posted.body).toBe('Friday is fine, @Pat see the brief attached.');
    expect(posted['author-name']).toBe('Cleo Client');
    expect(posted.files.map((f) => f.title)).toEqual(['brief.txt']);
    // As a post from the page: the person named is told.
    const told = await db()
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.userId, pm.user.id));
    expect(told.map((n) => n.kind)).toEqual(['chat-mention']);
  });

  it('refuses at RCPT every address that is not a reply address signed by this server', async () => {
    const { client, project } = await setting();
    const forged = `reply+${client.user.id}.${project.id}.${'0'.repeat(32)}@${DOMAIN}`;
    for (const to of [
      `someone@${DOMAIN}`,
      `reply+nonsense@${DOMAIN}`,
      forged,
      `reply+1.1.${'a'.repeat(32)}@other.test`,
    ]) {
      const transport = smtpClient();
      const error = await transport
        .sendMail({ from: client.user.email, to, text: 'hello' })
        .catch((e: unknown) => e);
      transport.close();
      expect(error, to).toMatchObject({ responseCode: 550 });
    }
    expect(await countMessages(project.id)).toBe(0);
  });
});

describe('the Reply-To of a project mail', () => {
  it('is the recipient’s reply address of the project, and answering it posts in that chat', async () => {
    const { client, pm, project, address } = await setting();
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/project/${project.id}/messages`,
      headers: { ...pm.headers, 'content-type': JSON_API },
      payload: { data: { type: 'message', attributes: { body: 'Shall we ship on Friday?' } } },
    });
    expect(posted.statusCode).toBe(201);
    const before = sink.received.length;
    now = new Date(now.getTime() + 11 * 60_000);
    await t.app.jobs.runDue();
    const mail = sink.received.slice(before).find((m) => m.to.includes(client.user.email.toLowerCase()));
    expect(mail, 'the missed-message mail').toBeDefined();
    const replyTo = /^Reply-To: (.+)$/im.exec(mail!.raw)?.[1]?.trim();
    expect(replyTo).toBe(address());
    const transport = smtpClient();
    await transport.sendMail({
      from: client.user.email,
      to: replyTo,
      subject: 'Re: New messages in Atlas',
      inReplyTo: /^Message-ID: (.+)$/im.exec(mail!.raw)?.[1]?.trim(),
      text: 'Yes, Friday.\n\n> Shall we ship on Friday?\n',
    });
    transport.close();
    const chat = await chatOf(project.id, pm.headers);
    expect(chat.data.map((m) => [m.attributes['author-name'], m.attributes.body])).toEqual([
      ['Cleo Client', 'Yes, Friday.'],
      ['Pat Manager', 'Shall we ship on Friday?'],
    ]);
  });
});

describe('the Reply-To of the notification batch and the call reminders', () => {
  const replyToOf = (raw: string) => /^Reply-To: (.+)$/im.exec(raw)?.[1]?.trim();
  const mailTo = (email: string, from: number) =>
    sink.received.slice(from).find((m) => m.to.includes(email.toLowerCase()));

  it('a batch all about one project has that project’s reply address; a batch about two has none', async () => {
    const { client, project, address } = await setting();
    const other = await buildProject(db(), { ownerId: client.user.id, title: 'Borealis' });
    const delivered = (projectId: number, title: string) =>
      notify(db(), {
        kind: 'task-review-requested',
        recipients: [client.user.id],
        title,
        link: `/project/deliveries/${projectId}`,
        projectId,
        at: now,
      });
    await delivered(project.id, '"Login" was delivered for review');
    await delivered(project.id, '"Signup" was delivered for review');
    let before = sink.received.length;
    now = new Date(now.getTime() + 6 * 60_000);
    await t.app.jobs.runDue();
    const single = mailTo(client.user.email, before);
    expect(single, 'the batch of one project').toBeDefined();
    expect(replyToOf(single!.raw)).toBe(address());

    await delivered(project.id, '"Billing" was delivered for review');
    await delivered(other.id, '"Search" was delivered for review');
    before = sink.received.length;
    now = new Date(now.getTime() + 6 * 60_000);
    await t.app.jobs.runDue();
    const mixed = mailTo(client.user.email, before);
    expect(mixed, 'the batch of two projects').toBeDefined();
    expect(replyToOf(mixed!.raw) ?? '').not.toMatch(/^reply\+/);
  });

  it('a call reminder has each recipient’s reply address of the call’s project', async () => {
    const { client, project, address } = await setting();
    const manager = await withSessionAs(db(), 'accountManager', { name: 'Ada Manager' });
    await db().update(projects).set({ accountManagerId: manager.user.id }).where(eq(projects.id, project.id));
    // Its 24-hour reminder is due from now for the next hour.
    await db()
      .insert(scheduledCalls)
      .values({
        projectId: project.id,
        userId: client.user.id,
        scheduledAt: new Date(now.getTime() + 24 * 3600_000 - 60_000),
        timezone: 'UTC',
      });
    const before = sink.received.length;
    await t.app.jobs.runDue();
    const toClient = mailTo(client.user.email, before);
    const toManager = mailTo(manager.user.email, before);
    expect(toClient && toManager, 'both reminders').toBeTruthy();
    expect(toClient!.raw).toMatch(/^Subject: Reminder: discovery call/im);
    expect(replyToOf(toClient!.raw)).toBe(address());
    expect(replyToOf(toManager!.raw)).toBe(address(manager.user.id));
  });
});

describe('reply addresses', () => {
  it('are found for a mail built from an address (the call mails), and survive a mailbox that upper-cases them', async () => {
    const { client, project, address } = await setting();
    const mail = { to: client.user.email.toUpperCase(), subject: 'Your call', text: '', html: '' };
    const withReply = await withProjectReplyTo(db(), t.config, t.app.appSecret, mail, project.id);
    expect(withReply.replyTo).toBe(address());
    const stranger = await withProjectReplyTo(
      db(),
      t.config,
      t.app.appSecret,
      { ...mail, to: 'x@nobody.test' },
      project.id,
    );
    expect(stranger.replyTo).toBeUndefined();
    const res = await provider(await rawMail({ from: client.user.email, to: address().toUpperCase() }));
    expect(res.json()).toEqual({ data: null, meta: { result: 'posted' } });
  });

  it('are not given when no way in is set up', () => {
    const off = { ...t.config, inboundSmtpPort: null, inboundMailSecret: null };
    expect(projectReplyTo(off, t.app.appSecret, 1, 1)).toBeUndefined();
    expect(projectReplyTo(t.config, t.app.appSecret, 1, 1)).toMatch(/^reply\+1\.1\.[0-9a-f]{32}@dd\.test$/);
  });
});

describe('the receiver limits', () => {
  it('refuses a mail over its size and an address over its rate, and posts nothing', async () => {
    const { client, project, address } = await setting();
    // The mails of the tests before were counted for this address too: a fresh window.
    await db().execute(sql`delete from rate_limits where key like 'inbound-smtp:%'`);
    const receiver = await startReplyReceiver(
      { db: db(), log: t.app.log, secret: t.app.appSecret, config: t.config },
      { port: 0, host: '127.0.0.1', limits: { maxBytes: 20_000, mailsPerAddress: 2, windowMs: 60_000 } },
    );
    try {
      const send = (text: string) => {
        const transport = nodemailer.createTransport({
          host: '127.0.0.1',
          port: receiver.port,
          ignoreTLS: true,
        });
        return transport
          .sendMail({ from: client.user.email, to: address(), subject: 'Re: Atlas', text })
          .finally(() => transport.close());
      };
      expect(await send('x'.repeat(30_000)).catch((e: unknown) => e)).toMatchObject({ responseCode: 552 });
      expect(await countMessages(project.id)).toBe(0);
      // The oversize mail was the first of the window; the second passes, the third is over the rate.
      await send('Within the limits');
      expect(await send('One too many').catch((e: unknown) => e)).toMatchObject({ responseCode: 450 });
      const chat = await chatOf(project.id, client.headers);
      expect(chat.data.map((m) => m.attributes.body)).toEqual(['Within the limits']);
    } finally {
      await receiver.close();
    }
  });
});

describe('POST /api/inbound-mail (an inbound-mail provider)', () => {
  it('posts a raw reply sent with the shared secret', async () => {
    const { client, project, address } = await setting();
    const res = await provider(await rawMail({ from: client.user.email, to: address() }));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: null, meta: { result: 'posted' } });
    const chat = await chatOf(project.id, client.headers);
    expect(chat.data.map((m) => m.attributes.body)).toEqual(['Thanks, that works for us.']);
  });

  it('takes text/plain, refuses a wrong or missing secret (401) and other types (415)', async () => {
    const { client, project, address } = await setting();
    const raw = await rawMail({ from: client.user.email, to: address() });
    expect((await provider(raw, 'Bearer wrong')).statusCode).toBe(401);
    expect((await provider(raw, '')).statusCode).toBe(401);
    expect((await provider(raw, `Bearer ${PROVIDER_SECRET}`, 'application/json')).statusCode).toBe(415);
    expect(await countMessages(project.id)).toBe(0);
    expect((await provider(raw, `Bearer ${PROVIDER_SECRET}`, 'text/plain')).statusCode).toBe(202);
    expect(await countMessages(project.id)).toBe(1);
  });

  it('is not there (404) when INBOUND_MAIL_SECRET is not set', async () => {
    const { client, project, address } = await setting();
    const raw = await rawMail({ from: client.user.email, to: address() });
    t.app.config.inboundMailSecret = null;
    try {
      expect((await provider(raw)).statusCode).toBe(404);
    } finally {
      t.app.config.inboundMailSecret = PROVIDER_SECRET;
    }
    expect(await countMessages(project.id)).toBe(0);
  });
});

describe('attacks: replies that are dropped and logged, never posted', () => {
  async function dropped(raw: Buffer, projectId: number) {
    const from = logs.length;
    const res = await provider(raw);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: null, meta: { result: 'dropped' } });
    expect(await countMessages(projectId)).toBe(0);
    return droppedSince(from);
  }

  it('a sender who is not the person the token was made for', async () => {
    const { project, address } = await setting();
    const raw = await rawMail({ from: 'attacker@evil.test', to: address() });
    expect(await dropped(raw, project.id)).toEqual(['wrong-sender']);
  });

  it('another member of the project using a token made for someone else', async () => {
    const { pm, project, address } = await setting();
    const raw = await rawMail({ from: pm.user.email, to: address() });
    expect(await dropped(raw, project.id)).toEqual(['wrong-sender']);
  });

  it('a person who left the project (no longer on its team)', async () => {
    const { pm, project, address } = await setting();
    await db().delete(projectMembers).where(eq(projectMembers.userId, pm.user.id));
    const raw = await rawMail({ from: pm.user.email, to: address(pm.user.id) });
    expect(await dropped(raw, project.id)).toEqual(['left-project']);
  });

  it('a client who lost the project (it changed owner, they are no longer one of its clients)', async () => {
    const { client, project, address } = await setting();
    const other = await withSessionAs(db(), 'client');
    await db().execute(sql`update projects set owner_id = ${other.user.id} where id = ${project.id}`);
    await db().delete(projectMembers).where(eq(projectMembers.userId, client.user.id));
    const raw = await rawMail({ from: client.user.email, to: address() });
    expect(await dropped(raw, project.id)).toEqual(['left-project']);
  });

  it('a forged token, and a real token moved to another project', async () => {
    const { client, project, address } = await setting();
    const other = await buildProject(db(), { ownerId: client.user.id });
    const real = address()
      .split('@')[0]!
      .replace(/^reply\+/, '');
    const [userId, , mark] = real.split('.');
    for (const to of [
      `reply+${userId}.${project.id}.${'f'.repeat(32)}@${DOMAIN}`,
      `reply+${userId}.${other.id}.${mark}@${DOMAIN}`,
    ]) {
      expect(await dropped(await rawMail({ from: client.user.email, to }), project.id)).toEqual([
        'forged-token',
      ]);
      expect(await countMessages(other.id)).toBe(0);
    }
  });

  it('a mail to no reply address at all', async () => {
    const { client, project } = await setting();
    const raw = await rawMail({ from: client.user.email, to: `hello@${DOMAIN}` });
    expect(await dropped(raw, project.id)).toEqual(['unknown-recipient']);
  });

  it('the same mail a second time (same Message-ID), even with another text', async () => {
    const { client, project, address } = await setting();
    const messageId = `<once-${Date.now()}@client.test>`;
    expect(
      (await provider(await rawMail({ from: client.user.email, to: address(), messageId }))).json(),
    ).toEqual({
      data: null,
      meta: { result: 'posted' },
    });
    const from = logs.length;
    const again = await provider(
      await rawMail({ from: client.user.email, to: address(), messageId, text: 'Again' }),
    );
    expect(again.json()).toEqual({ data: null, meta: { result: 'dropped' } });
    expect(droppedSince(from)).toEqual(['replay']);
    expect(await countMessages(project.id)).toBe(1);
  });

  it.each([
    ['Auto-Submitted: auto-replied', { 'Auto-Submitted': 'auto-replied' }, undefined],
    ['Auto-Submitted: auto-generated', { 'Auto-Submitted': 'auto-generated' }, undefined],
    ['Precedence: bulk', { Precedence: 'bulk' }, undefined],
    ['Precedence: junk', { Precedence: 'junk' }, undefined],
    ['Precedence: list', { Precedence: 'list' }, undefined],
    ['X-Autoreply', { 'X-Autoreply': 'yes' }, undefined],
    ['an out-of-office subject', {}, 'Out of Office: Re: New messages in Atlas'],
    ['an automatic-reply subject', {}, 'Automatic reply: New messages in Atlas'],
  ])('an automatic answer: %s', async (_name, headers, subject) => {
    const { client, project, address } = await setting();
    const raw = await rawMail({
      from: client.user.email,
      to: address(),
      headers,
      subject,
      text: 'I am away until Monday.',
    });
    expect(await dropped(raw, project.id)).toEqual(['auto-reply']);
  });

  it('posts a person’s mail that says Auto-Submitted: no', async () => {
    const { client, project, address } = await setting();
    const raw = await rawMail({
      from: client.user.email,
      to: address(),
      headers: { 'Auto-Submitted': 'no' },
    });
    expect((await provider(raw)).json()).toEqual({ data: null, meta: { result: 'posted' } });
    expect(await countMessages(project.id)).toBe(1);
  });
});

// Last in the file: it moves the app clock years ahead.
describe('the client digest', () => {
  it('of one project has that project’s reply address; of several, none', async () => {
    const one = await withSessionAs(db(), 'client', { timezone: 'Asia/Kolkata' });
    const two = await withSessionAs(db(), 'client', { timezone: 'Asia/Kolkata' });
    const solo = await buildProject(db(), { ownerId: one.user.id, title: 'Solo' });
    const first = await buildProject(db(), { ownerId: two.user.id, title: 'First' });
    const second = await buildProject(db(), { ownerId: two.user.id, title: 'Second' });
    for (const projectId of [solo.id, first.id, second.id])
      await db()
        .insert(projectUpdates)
        .values({ projectId, description: 'Staging is up', createdAt: new Date('2031-06-01T10:00:00Z') });
    const before = sink.received.length;
    // 08:00 in Kolkata on the next day.
    now = new Date('2031-06-02T02:30:00Z');
    await t.app.jobs.runDue();
    const mailTo = (email: string) =>
      sink.received.slice(before).find((m) => m.to.includes(email.toLowerCase()) && /updates?/i.test(m.raw));
    const soloMail = mailTo(one.user.email);
    const pairMail = mailTo(two.user.email);
    expect(soloMail && pairMail, 'both digests').toBeTruthy();
    expect(/^Reply-To: (.+)$/im.exec(soloMail!.raw)?.[1]?.trim()).toBe(
      replyAddress(t.config, t.app.appSecret, one.user.id, solo.id),
    );
    expect(pairMail!.raw).not.toMatch(/^Reply-To:/im);
  });
});
