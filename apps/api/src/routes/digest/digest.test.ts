import { ROLES } from '@dd/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, projectMembers, projectUpdates, users } from '../../db/schema/index.ts';
import { unsubscribeToken } from '../../modules/digest/unsubscribe-token.ts';
import { buildProject, buildUser, signedInAs, signIn } from '../../test/factories.ts';
import { decodedMail, startSmtpReceiver } from '../../test/smtp-receiver.ts';
import { buildTestApp, JSON_API, type TestApp } from '../../test/test-app.ts';

let now = new Date('2027-06-01T00:00:00Z');
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

const KOLKATA = 'Asia/Kolkata';

/** Moves the clock, runs the tick and every due job; answers the mails the receiver got meanwhile. */
async function tickAt(at: string, to: string) {
  now = new Date(at);
  const before = smtp.received.length;
  await t.app.jobs.runDue();
  return smtp.received
    .slice(before)
    .filter((m) => m.to.includes(to.toLowerCase()))
    .map((m) => decodedMail(m.raw));
}

async function update(projectId: number, description: string, at: string) {
  await t.database.db.insert(projectUpdates).values({ projectId, description, createdAt: new Date(at) });
}

const unsubscribeLink = (mail: string) => {
  const match = /http:\/\/dd\.test\/api\/digest\/unsubscribe\?token=[0-9]+\.[A-Za-z0-9._-]+/.exec(mail);
  expect(match, 'an unsubscribe link').toBeTruthy();
  return new URL(match![0]);
};

describe('the client digest', () => {
  it('at 08:00 local lists the updates since the last digest, rendered safely; none when nothing new', async () => {
    const client = await buildUser(t.database.db, { role: 'client', timezone: KOLKATA, name: 'Dina Digest' });
    const own = await buildProject(t.database.db, { ownerId: client.id, title: 'Atlas' });
    const shared = await buildProject(t.database.db, { title: 'Borealis' });
    await t.database.db
      .insert(projectMembers)
      .values({ projectId: shared.id, userId: client.id, kind: 'client' });
    const foreign = await buildProject(t.database.db, { title: 'Not Yours' });
    // Tuesday 1 June 2027; 08:00 in Kolkata is 02:30Z.
    await update(
      own.id,
      '**Login** works.\n\n<script>alert(1)</script><img src=x onerror=alert(2)>[x](javascript:alert(3))',
      '2027-06-01T10:00:00Z',
    );
    await update(shared.id, '- item one\n- item two', '2027-06-01T12:00:00Z');
    await update(foreign.id, 'secret plans', '2027-06-01T12:00:00Z');

    expect(await tickAt('2027-06-02T02:29:00Z', client.email)).toHaveLength(0);
    const [mail, ...more] = await tickAt('2027-06-02T02:30:00Z', client.email);
    expect(more).toHaveLength(0);
    expect(mail).toMatch(/Subject: 2 new updates on your projects/);
    expect(mail).toContain('Atlas');
    expect(mail).toContain('Borealis');
    expect(mail).not.toContain('Not Yours');
    expect(mail).not.toContain('secret plans');
    expect(mail).toContain('<strong>Login</strong> works.');
    expect(mail).toContain('<li>item one</li>');
    const htmlPart = mail!.slice(mail!.indexOf('Content-Type: text/html'));
    expect(htmlPart).toContain('<strong>Login</strong> works.');
    expect(htmlPart).not.toMatch(/<script|onerror|href="javascript:|<img/i);
    // The text part is inert text/plain: the markdown with its HTML tags taken out.
    expect(mail!.slice(0, mail!.indexOf('Content-Type: text/html'))).not.toMatch(/<script|<img/i);
    // RFC 8058 headers carry the same signed link.
    const link = unsubscribeLink(mail!);
    const headers = mail!.slice(0, mail!.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
    expect(headers).toContain(`List-Unsubscribe: <${link.href}>`);
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // The outbox keeps the digest with the link redacted.
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, client.email));
    expect(row!.status).toBe('sent');
    expect(`${row!.text}${row!.html}`).not.toContain('token=');

    // Later the same morning: nothing more. Next morning with nothing new: nothing.
    expect(await tickAt('2027-06-02T03:00:00Z', client.email)).toHaveLength(0);
    expect(await tickAt('2027-06-03T02:30:00Z', client.email)).toHaveLength(0);
    // A new update: only it is in the next digest.
    await update(own.id, 'Payments are in.', '2027-06-03T09:00:00Z');
    const [next] = await tickAt('2027-06-04T02:30:00Z', client.email);
    expect(next).toMatch(/Subject: 1 new update on your projects/);
    expect(next).toContain('Payments are in.');
    expect(next).not.toContain('Login');
  });

  it('the unsubscribe link works signed-out and stops the next digest; the profile setting turns it on again', async () => {
    const client = await buildUser(t.database.db, {
      role: 'client',
      timezone: KOLKATA,
      login: 'una',
      email: 'una@example.com',
    });
    const project = await buildProject(t.database.db, { ownerId: client.id, title: 'Cygnus' });
    await update(project.id, 'First', '2027-06-10T10:00:00Z');
    const [mail] = await tickAt('2027-06-11T02:30:00Z', client.email);
    const link = unsubscribeLink(mail!);

    // A forged or altered token changes nothing.
    const forged = await t.app.inject({
      url: `/api/digest/unsubscribe?token=${client.id}.${'A'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(400);
    const other = link.searchParams.get('token')!.replace(/^[0-9]+/, String(client.id + 1));
    expect((await t.app.inject({ url: `/api/digest/unsubscribe?token=${other}` })).statusCode).toBe(400);

    // Following the link shows a button (nothing changes); the button posts.
    const shown = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<button type="submit"');
    const res = await t.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('You are unsubscribed');
    await update(project.id, 'Second', '2027-06-11T10:00:00Z');
    expect(await tickAt('2027-06-12T02:30:00Z', client.email)).toHaveLength(0);

    const mine = { authorization: (await signIn(t.app, 'una')).authorization };
    const read = await t.app.inject({ url: '/api/digest/setting', headers: mine });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.attributes['digest-enabled']).toBe(false);
    const on = await t.app.inject({
      method: 'PATCH',
      url: '/api/digest/setting',
      headers: { ...mine, 'content-type': JSON_API },
      payload: { data: { type: 'digest-setting', attributes: { 'digest-enabled': true } } },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().data.attributes['digest-enabled']).toBe(true);
    // The next digest lists what came since the last one that went out (so "Second" too).
    await update(project.id, 'Third', '2027-06-12T10:00:00Z');
    const [again] = await tickAt('2027-06-13T02:30:00Z', client.email);
    expect(again).toContain('Second');
    expect(again).toContain('Third');

    // RFC 8058 one-click: the mail client POSTs the form body to the same URL (the new mail's: turning
    // the digest on again retired the first mail's link).
    const newLink = unsubscribeLink(again!);
    expect(newLink.search).not.toBe(link.search);
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${newLink.pathname}${newLink.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ on: users.digestEnabled })
      .from(users)
      .where(eq(users.id, client.id));
    expect(row!.on).toBe(false);
  });

  it('the unsubscribe link needs no application key (a mailbox sends none), the rest of the API still does', async () => {
    const keyed = await buildTestApp({ appKeys: ['web-key'] });
    try {
      const client = await buildUser(keyed.database.db, { role: 'client' });
      const token = unsubscribeToken(keyed.app.appSecret, client.id, 0);
      expect((await keyed.app.inject({ url: `/api/digest/unsubscribe?token=${token}` })).statusCode).toBe(
        200,
      );
      const res = await keyed.app.inject({
        method: 'POST',
        url: `/api/digest/unsubscribe?token=${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(200);
      const [row] = await keyed.database.db
        .select({ on: users.digestEnabled })
        .from(users)
        .where(eq(users.id, client.id));
      expect(row!.on).toBe(false);
      expect((await keyed.app.inject({ url: '/api/digest/setting' })).statusCode).toBe(401);
    } finally {
      await keyed.close();
    }
  });

  it('the digest setting is for clients only (anonymous 401, staff 403)', async () => {
    expect((await t.app.inject({ url: '/api/digest/setting' })).statusCode).toBe(401);
    for (const role of ROLES) {
      const { headers } = await signedInAs(t.app, t.database.db, role);
      const expected = role === 'client' ? 200 : 403;
      expect((await t.app.inject({ url: '/api/digest/setting', headers })).statusCode, role).toBe(expected);
      const patch = await t.app.inject({
        method: 'PATCH',
        url: '/api/digest/setting',
        headers,
        payload: { data: { type: 'digest-setting', attributes: { 'digest-enabled': true } } },
      });
      expect(patch.statusCode, role).toBe(expected);
    }
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/api/digest/setting',
          headers: { 'content-type': JSON_API },
          payload: { data: { type: 'digest-setting', attributes: { 'digest-enabled': true } } },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('the digest tick reads only the clients whose 08:00 it is', () => {
  it('sends to every zone in its 08:00 hour, and to clients without a known zone by the company zone', async () => {
    // Sunday 20 June 2027, 15:10Z: 08:10 in Los Angeles (PDT), 20:40 in Kolkata, 09:10 in Denver.
    const zones: Array<[string, string | null, boolean]> = [
      ['la', 'America/Los_Angeles', true],
      ['vancouver', 'America/Vancouver', true],
      ['alias', 'US/Pacific', true],
      ['nozone', null, true], // the company's zone
      ['unknown', 'Mars/Olympus_Mons', true], // a zone luxon does not know: the company's
      ['empty', '', true],
      ['kolkata', KOLKATA, false],
      ['denver', 'America/Denver', false],
      ['utc', 'UTC', false],
    ];
    const clients = [];
    for (const [name, timezone, due] of zones) {
      const client = await buildUser(t.database.db, {
        role: 'client',
        login: `tz-${name}`,
        email: `tz-${name}@example.com`,
      });
      // The factory gives every user a zone; some stored rows have none or one no library knows.
      await t.database.db.update(users).set({ timezone }).where(eq(users.id, client.id));
      const project = await buildProject(t.database.db, { ownerId: client.id, title: `Zone ${name}` });
      await update(project.id, `News for ${name}`, '2027-06-20T10:00:00Z');
      clients.push({ name, email: client.email, due });
    }
    now = new Date('2027-06-20T15:10:00Z');
    const before = smtp.received.length;
    await t.app.jobs.runDue();
    const received = smtp.received.slice(before);
    const got = clients.filter((c) => received.some((m) => m.to.includes(c.email))).map((c) => c.name);
    expect(got).toEqual(clients.filter((c) => c.due).map((c) => c.name));
    // Denver's 08:00 comes the next morning (14:00Z); a first digest covers the day before it.
    const denver = await buildProject(t.database.db, {
      ownerId: (await t.database.db.select().from(users).where(eq(users.login, 'tz-denver')))[0]!.id,
      title: 'Zone denver, again',
    });
    await update(denver.id, 'News for denver', '2027-06-20T20:00:00Z');
    expect(await tickAt('2027-06-21T13:55:00Z', 'tz-denver@example.com')).toHaveLength(0);
    const denverMorning = await tickAt('2027-06-21T14:05:00Z', 'tz-denver@example.com');
    expect(denverMorning).toHaveLength(1);
    expect(denverMorning[0]).toContain('News for denver');
  });
});
