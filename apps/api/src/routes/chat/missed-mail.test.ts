import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageMentions, messages, projectMembers } from '../../db/schema/index.ts';
import { createSession } from '../../modules/auth/sessions.ts';
import { setChatMail } from '../../modules/chat/message-service.ts';
import { buildProject, buildUser } from '../../test/factories.ts';
import { decodedMail, startSmtpReceiver } from '../../test/smtp-receiver.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let now = new Date('2027-06-01T09:00:00Z');
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await buildTestApp({ now: () => now, smtpUrl: smtp.url, publicUrl: 'http://dd.test' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const at = (iso: string) => new Date(iso);
/** Moves the clock, runs the tick and every due job; answers the mails `to` got meanwhile. */
async function tickAt(iso: string, to: string) {
  now = at(iso);
  const before = smtp.received.length;
  await t.app.jobs.runDue();
  return smtp.received
    .slice(before)
    .filter((m) => m.to.includes(to.toLowerCase()))
    .map((m) => decodedMail(m.raw));
}

async function setting() {
  const client = await buildUser(t.database.db, {
    role: 'client',
    name: 'Cleo Client',
    timezone: 'Europe/Paris',
  });
  const pm = await buildUser(t.database.db, { role: 'projectManager', name: 'Pat Manager' });
  const project = await buildProject(t.database.db, { ownerId: client.id, title: 'Atlas <b>site</b>' });
  await t.database.db
    .insert(projectMembers)
    .values({ projectId: project.id, userId: pm.id, kind: 'projectManager' });
  return { client, pm, project };
}

async function say(projectId: number, authorId: number, body: string, iso: string) {
  const [row] = await t.database.db
    .insert(messages)
    .values({ projectId, authorId, body, createdAt: at(iso) })
    .returning();
  return row!;
}

/** A request as `userId`, signed in at the test clock's now. */
async function as(userId: number, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  const { token } = await createSession(t.database.db, { userId, remember: true, now });
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const unsubscribeLink = (mail: string) => {
  const match =
    /http:\/\/dd\.test\/api\/chat\/unsubscribe\?token=[0-9]+\.[0-9]+\.(?:[0-9]+\.)?[A-Za-z0-9_-]+/.exec(mail);
  expect(match, 'an unsubscribe link').toBeTruthy();
  return new URL(match![0]);
};

describe('missed-message mail', () => {
  it('after 10 unread minutes mails once per project, with the messages, a chat link and one-click unsubscribe', async () => {
    const { client, pm, project } = await setting();
    await say(project.id, pm.id, '**Staging** is ready <img src=x onerror=alert(1)>', '2027-06-01T10:00:00Z');
    expect(await tickAt('2027-06-01T10:05:00Z', client.email)).toEqual([]);
    const [mail, ...more] = await tickAt('2027-06-01T10:11:00Z', client.email);
    expect(more).toEqual([]);
    expect(mail).toContain('Subject: 1 unread message in Atlas <b>site</b>');
    expect(mail).toContain('<strong>Staging</strong>');
    expect(mail).not.toContain('onerror');
    expect(mail).toContain('Atlas &lt;b&gt;site&lt;/b&gt;');
    expect(mail).toContain(`http://dd.test/project/chat/${project.id}`);
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // The author is not told of their own message.
    expect(await tickAt('2027-06-01T10:12:00Z', pm.email)).toEqual([]);
    // Nothing new: nothing more; a new message within the hour waits for the hour to pass.
    await say(project.id, pm.id, 'And production next week', '2027-06-01T10:20:00Z');
    expect(await tickAt('2027-06-01T10:40:00Z', client.email)).toEqual([]);
    const [later] = await tickAt('2027-06-01T11:12:00Z', client.email);
    expect(later).toContain('And production next week');
    expect(later).not.toContain('Staging');

    const link = unsubscribeLink(mail!);
    // A mail link scanner's GET shows a page with a button and turns nothing off.
    const scanned = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(scanned.statusCode).toBe(200);
    expect(scanned.body).toContain('<form method="post"');
    const kept = (await t.database.db.execute(
      sql`select mail_enabled from message_reads where user_id = ${client.id} and project_id = ${project.id}`,
    )) as unknown as { rows: Array<{ mail_enabled: boolean }> };
    expect(kept.rows.every((row) => row.mail_enabled !== false)).toBe(true);
    const res = await t.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    await say(project.id, pm.id, 'Are you there?', '2027-06-01T12:30:00Z');
    expect(await tickAt('2027-06-01T13:00:00Z', client.email)).toEqual([]);
  });

  it('sends nothing for what was read in time', async () => {
    const { client, pm, project } = await setting();
    const m = await say(project.id, pm.id, 'Quick question', '2027-06-02T10:00:00Z');
    now = at('2027-06-02T10:03:00Z');
    const { createSession } = await import('../../modules/auth/sessions.ts');
    const { token } = await createSession(t.database.db, { userId: client.id, remember: true, now });
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/project/${project.id}/messages/read`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' },
      payload: { data: { attributes: { 'last-read-id': m.id } } },
    });
    expect(read.statusCode).toBe(200);
    expect(await tickAt('2027-06-02T10:15:00Z', client.email)).toEqual([]);
  });

  it('mails a mentioned person after 1 minute instead of 10', async () => {
    const { client, pm, project } = await setting();
    const m = await say(project.id, client.id, '@Pat can you look?', '2027-06-03T10:00:00Z');
    await t.database.db
      .insert(messageMentions)
      .values({ messageId: m.id, userId: pm.id, createdAt: m.createdAt });
    expect(await tickAt('2027-06-03T10:00:30Z', pm.email)).toEqual([]);
    const [mail] = await tickAt('2027-06-03T10:01:10Z', pm.email);
    expect(mail).toContain('@Pat can you look?');
  });

  it('turns the mail on again from the chat after a one-click unsubscribe, without mailing the backlog', async () => {
    const { client, pm, project } = await setting();
    await say(project.id, pm.id, 'Kick-off notes', '2027-06-04T10:00:00Z');
    const [mail] = await tickAt('2027-06-04T10:11:00Z', client.email);
    const link = unsubscribeLink(mail!);
    const setting_ = () => as(client.id, 'GET', `/api/chat/${project.id}/mail`);
    expect((await setting_()).json().data).toEqual({
      type: 'chat-mail',
      id: String(project.id),
      attributes: { enabled: true, applies: true },
    });
    const off = await t.app.inject({ method: 'POST', url: `${link.pathname}${link.search}` });
    expect(off.statusCode).toBe(200);
    expect((await setting_()).json().data.attributes.enabled).toBe(false);
    await say(project.id, pm.id, 'Said while you were away', '2027-06-04T12:00:00Z');
    expect(await tickAt('2027-06-04T12:15:00Z', client.email)).toEqual([]);
    now = at('2027-06-04T12:20:00Z');
    const on = await as(client.id, 'PATCH', `/api/chat/${project.id}/mail`, {
      data: { type: 'chat-mail', id: String(project.id), attributes: { enabled: true } },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.attributes).toEqual({ enabled: true, applies: true });
    // What was said while it was off is for the chat; what is said after is mailed again.
    expect(await tickAt('2027-06-04T13:30:00Z', client.email)).toEqual([]);
    await say(project.id, pm.id, 'Welcome back', '2027-06-04T13:40:00Z');
    const [back] = await tickAt('2027-06-04T13:51:00Z', client.email);
    expect(back).toContain('Welcome back');
    expect(back).not.toContain('Said while you were away');
    // Off again from the chat's own setting.
    const offAgain = await as(client.id, 'PATCH', `/api/chat/${project.id}/mail`, {
      data: { attributes: { enabled: false } },
    });
    expect(offAgain.json().data.attributes.enabled).toBe(false);
  });

  it('says the mail is not for an admin who is not on the project', async () => {
    const { project } = await setting();
    const admin = await buildUser(t.database.db, { role: 'admin' });
    const res = await as(admin.id, 'GET', `/api/chat/${project.id}/mail`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toEqual({ enabled: true, applies: false });
  });

  it('an edit that drops a mention drops its early mail; an added one is due a minute after the edit', async () => {
    const { client, pm, project } = await setting();
    now = at('2027-06-05T10:00:00Z');
    const posted = await as(client.id, 'POST', `/api/project/${project.id}/messages`, {
      data: { type: 'message', attributes: { body: '@Pat can you look?' } },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const id = posted.json().data.id as string;
    const edit = (body: string) =>
      as(client.id, 'PATCH', `/api/message/${id}`, { data: { type: 'message', id, attributes: { body } } });
    now = at('2027-06-05T10:00:40Z');
    expect((await edit('Can someone look?')).statusCode).toBe(200);
    // No early mail: the mention is gone (the usual one comes after 10 quiet minutes).
    expect(await tickAt('2027-06-05T10:01:30Z', pm.email)).toEqual([]);
    expect(await tickAt('2027-06-05T10:05:00Z', pm.email)).toEqual([]);
    now = at('2027-06-05T10:06:00Z');
    expect((await edit('Can someone look? @Pat')).statusCode).toBe(200);
    // Counted from the edit, not from the message six minutes before.
    expect(await tickAt('2027-06-05T10:06:30Z', pm.email)).toEqual([]);
    const [mail] = await tickAt('2027-06-05T10:07:10Z', pm.email);
    expect(mail).toContain('Can someone look? @Pat');
  });

  it('unsubscribes from the page’s button in a browser that is also signed in (its form sends Origin: null)', async () => {
    const { client, pm, project } = await setting();
    await say(project.id, pm.id, 'Hello from the team', '2027-06-06T10:00:00Z');
    const [mail] = await tickAt('2027-06-06T10:11:00Z', client.email);
    const link = unsubscribeLink(mail!);
    const { token } = await createSession(t.database.db, { userId: client.id, remember: true, now });
    const res = await t.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
        // The page is sent with Referrer-Policy: no-referrer, so its form posts with Origin: null.
        origin: 'null',
        cookie: `dd_token=${token}`,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('You are unsubscribed');
    const setting_ = await as(client.id, 'GET', `/api/chat/${project.id}/mail`);
    expect(setting_.json().data.attributes.enabled).toBe(false);
  });

  it("an old link does not unsubscribe again after the person turned the project's chat mail back on", async () => {
    const { client, pm, project } = await setting();
    const other = await buildProject(t.database.db, { ownerId: client.id, title: 'Other' });
    await say(project.id, pm.id, 'Replay me', '2027-06-05T10:00:00Z');
    const [mail] = await tickAt('2027-06-05T10:11:00Z', client.email);
    const link = unsubscribeLink(mail!);
    const url = `${link.pathname}${link.search}`;
    const mailOn = async (projectId: number) => {
      const rows = (await t.database.db.execute(
        sql`select mail_enabled from message_reads where user_id = ${client.id} and project_id = ${projectId}`,
      )) as unknown as { rows: Array<{ mail_enabled: boolean }> };
      return rows.rows[0]?.mail_enabled ?? true;
    };
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(200);
    expect(await mailOn(project.id)).toBe(false);
    // Turning another project's mail off and on changes nothing for this project's links.
    await setChatMail(t.database.db, client.id, other.id, false);
    await setChatMail(t.database.db, client.id, other.id, true);
    // The person turns this project's mail on again (signed in).
    const { token } = await createSession(t.database.db, { userId: client.id, remember: false, now });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/vnd.api+json' };
    const before = await t.app.inject({ url: `/api/chat/${project.id}/mail`, headers });
    expect(before.json().data.attributes).toEqual({ enabled: false, applies: true });
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/chat/${project.id}/mail`,
      headers,
      payload: { data: { type: 'chat-mail', id: String(project.id), attributes: { enabled: true } } },
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.attributes).toEqual({ enabled: true, applies: true });
    expect(await mailOn(project.id)).toBe(true);

    const replay = await t.app.inject({ method: 'POST', url });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errors[0].title).toBe('Invalid unsubscribe link');
    expect((await t.app.inject({ url })).statusCode).toBe(400);
    expect(await mailOn(project.id)).toBe(true);
    // The next mail's link works.
    await say(project.id, pm.id, 'Fresh link', '2027-06-05T12:00:00Z');
    const [next] = await tickAt('2027-06-05T12:11:00Z', client.email);
    const fresh = unsubscribeLink(next!);
    expect(fresh.search).not.toBe(link.search);
    expect((await t.app.inject({ method: 'POST', url: `${fresh.pathname}${fresh.search}` })).statusCode).toBe(
      200,
    );
    expect(await mailOn(project.id)).toBe(false);
  });

  it('refuses a forged or altered unsubscribe link', async () => {
    const { client, project } = await setting();
    const forged = await t.app.inject({
      url: `/api/chat/unsubscribe?token=${client.id}.${project.id}.${'A'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.headers['content-type']).toMatch(/^text\/html/);
  });
});
