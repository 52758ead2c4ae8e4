import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, projectMembers } from '../../db/schema/index.ts';
import { buildProject, buildUser, signedInAs, signIn } from '../../test/factories.ts';
import { buildTestApp, JSON_API, type TestApp } from '../../test/test-app.ts';

type Received = { to: string[]; raw: string };
const received: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    hideSTARTTLS: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const { port } = smtp.server.address() as AddressInfo;
  t = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, publicUrl: 'http://dd.test' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The decoded text of a received mail (nodemailer may use quoted-printable), as one string. */
function decoded(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

async function mailTo(address: string): Promise<string> {
  // Mail goes out through the job queue: run what is due (the test app has no worker of its own).
  await t.app.mailer.settled();
  for (let i = 0; i < 100; i++) {
    const mail = received.find((m) => m.to.includes(address));
    if (mail) return decoded(mail.raw);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${address}`);
}

const linkIn = (text: string, path: string) => {
  const match = new RegExp(`http://dd\\.test${path}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  expect(match, `a ${path} link`).toBeTruthy();
  return new URL(match![0]);
};

describe('mail over SMTP', () => {
  it('delivers the reset mail (text and HTML parts) and its link sets a new password', async () => {
    const user = await buildUser(t.database.db, { email: 'smtp.reset@example.com' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authorization/forgot',
      headers: { 'content-type': JSON_API },
      payload: { data: { type: 'user', attributes: { email: user.email } } },
    });
    expect(res.statusCode).toBe(200);
    const mail = await mailTo(user.email);
    expect(mail).toMatch(/Subject: Reset your Delivery Desk password/);
    expect(mail).toContain('Content-Type: text/plain');
    expect(mail).toContain('Content-Type: text/html');
    const link = linkIn(mail, '/login/change-password');
    const token = link.searchParams.get('token')!;

    const check = await t.app.inject({ url: `/api/authorization/reset-token?token=${token}` });
    const userId = check.json().data.attributes['user-id'];
    expect(userId).toBe(user.id);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${userId}`,
      headers: { 'content-type': JSON_API },
      payload: { data: { type: 'user', attributes: { password: 'from-the-mail-1', token } } },
    });
    expect(patch.statusCode).toBe(200);
    await signIn(t.app, patch.json().data.attributes.login, 'from-the-mail-1');

    await t.app.mailer.settled();
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(row?.status).toBe('sent');
    // The mailbox got the link; the outbox keeps what was sent with the link redacted.
    expect(row!.text).toContain('Choose a new password: [link redacted]');
    expect(`${row!.text}${row!.html}`).not.toContain(token);
  });

  it('delivers the invitation mail and its link signs the person up on the project', async () => {
    const project = await buildProject(t.database.db);
    const { headers } = await signedInAs(t.app, t.database.db, 'projectManager');
    const email = 'smtp.invitee@example.com';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/invitation/create',
      headers,
      payload: { data: { type: 'invitation', attributes: { email, project_id: project.id } } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes['mail-status']).toBe('queued');
    const mail = await mailTo(email);
    expect(mail).toContain('Delivery Desk');
    expect(mail).toContain(project.title);
    const token = linkIn(mail, '/register-invited-user').searchParams.get('token')!;

    const my = await t.app.inject({ url: `/api/invitation/my?token=${token}` });
    expect(my.json().data.attributes.email).toBe(email);
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/authorization/register',
      headers: { 'content-type': JSON_API },
      payload: {
        data: {
          type: 'user',
          attributes: {
            token,
            email,
            name: 'Sam Smtp',
            phone: '+14155550101',
            timezone: 'UTC',
            password: 'invited-pass-1',
          },
        },
      },
    });
    expect(reg.statusCode).toBe(201);
    const members = await t.database.db
      .select()
      .from(projectMembers)
      .where(eq(projectMembers.projectId, project.id));
    expect(members.map((m) => m.userId)).toContain(Number(reg.json().data.id));
    await signIn(t.app, email, 'invited-pass-1');
  });

  it('records a failed delivery in the outbox instead of failing the request', async () => {
    const broken = await buildTestApp({ smtpUrl: 'smtp://127.0.0.1:1', publicUrl: 'http://dd.test' });
    try {
      const status = await broken.app.mailer.send({
        to: 'x@example.com',
        subject: 'Hello',
        text: 'Hi',
        html: '<p>Hi</p>',
      });
      expect(status).toBe('queued');
      await broken.app.mailer.settled();
      const [row] = await broken.database.db.select().from(mailOutbox);
      expect(row).toMatchObject({ to: 'x@example.com', status: 'failed', attempts: 1 });
      expect(row!.error).toBeTruthy();
      expect(row!.nextAttemptAt!.getTime()).toBeGreaterThan(row!.lastAttemptAt!.getTime());
    } finally {
      await broken.close();
    }
  });
});
