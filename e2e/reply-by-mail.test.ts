import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import nodemailer from 'nodemailer';
import type { Page } from 'playwright-core';
import { replyAddress } from '../apps/api/src/modules/inbound-mail/reply-token.ts';
import { e2eSuite, signIn } from './support/fixtures.ts';
import { seedDatabase } from './support/seed-db.ts';

// A client answers a project mail from their mailbox: a real SMTP client (nodemailer) sends the reply
// to the app's own receiver (INBOUND_SMTP_PORT), and the project manager, who has the chat open, sees
// it arrive live, without the quoted mail.

const PASSWORD = 'reply-pass-123';
const APP_SECRET = 'e2e-reply-by-mail-secret';
const DOMAIN = 'replies.example.test';
const people = {
  client: { login: 'rita@example.com', name: 'Rita Client', role: 'client', phone: '5550400' },
  projectManager: {
    login: 'paul@example.com',
    name: 'Paul Manager',
    role: 'projectManager',
    phone: '5550401',
  },
} as const;
let projectId = 0;
let clientId = 0;

/** A TCP port free right now on 127.0.0.1. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function seed(dataDir: string) {
  await seedDatabase(dataDir, async ({ db, schema: s, insertPeople }) => {
    const ids = await insertPeople(people, PASSWORD);
    const [project] = await db
      .insert(s.projects)
      .values({ title: 'Rita Bakery website', ownerId: ids.client, description: 'Bread online' })
      .returning();
    projectId = project!.id;
    clientId = ids.client;
    await db.insert(s.projectMembers).values([
      { projectId, userId: ids.client, kind: 'client' },
      { projectId, userId: ids.projectManager, kind: 'projectManager' },
    ]);
    await db
      .insert(s.messages)
      .values({ projectId, authorId: ids.projectManager, body: 'Can we launch on Monday?' });
  });
}

const smtpPort = await freePort();
const suite = e2eSuite('reply-by-mail', {
  seed,
  env: { APP_SECRET, INBOUND_SMTP_PORT: String(smtpPort), INBOUND_MAIL_DOMAIN: DOMAIN },
});

const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });

suite.journey('a reply by mail appears in the open chat, live, as its sender', async ({ page }) => {
  await signIn(page, people.projectManager.login, PASSWORD);
  const streamed = page.waitForResponse((r) => r.url().includes('/api/events') && r.status() === 200);
  await page.goto(`/project/chat/${projectId}`);
  await streamed;
  await messages(page).getByText('Can we launch on Monday?').waitFor();

  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, ignoreTLS: true });
  const to = replyAddress({ inboundMailDomain: DOMAIN }, APP_SECRET, clientId, projectId);
  const info = await transport.sendMail({
    from: `${people.client.name} <${people.client.login}>`,
    to,
    subject: 'Re: New messages in Rita Bakery website',
    text: 'Monday works for us!\n\nOn Mon, 1 Jun 2027 Delivery Desk wrote:\n> Paul Manager: Can we launch on Monday?\n',
  });
  transport.close();
  assert.deepEqual(info.accepted, [to]);

  // Without a reload: the live event brings it into the open page.
  await messages(page).getByText('Monday works for us!', { exact: true }).waitFor({ timeout: 15_000 });
  const shown = await messages(page).innerText();
  assert.match(shown, /Rita Client/);
  assert.doesNotMatch(shown, /Delivery Desk wrote|> Paul Manager/);
});
