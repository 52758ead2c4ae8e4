import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, passwordResetTokens, projectMembers, users } from '../../db/schema/index.ts';
import { createSession } from '../../modules/auth/sessions.ts';
import { buildProject, buildUser, DEFAULT_PASSWORD, withSessionAs } from '../../test/factories.ts';
import { tokenFromLogs } from '../../test/mail-logs.ts';
import { buildTestApp, JSON_API, type TestApp } from '../../test/test-app.ts';

/**
 * A staff member's change of someone else's e-mail is only a request: it takes effect when the new
 * address confirms it through the link mailed there, and the old address is told and may cancel it.
 * Until then the account keeps its address, so a password reset for the new address reaches nobody.
 */
let t: TestApp;
const logs: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({}, { logs });
});
afterAll(() => t.close());

let ip = 0;
const nextIp = () => `10.52.${Math.floor(++ip / 250) % 250}.${ip % 250}`;

const details = (headers: Record<string, string>, userId: number, email: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/user/${userId}/details`,
    headers,
    payload: { data: { type: 'user', attributes: { name: 'Owner', email, phone: '+14155550100' } } },
  });
const forgot = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/authorization/forgot',
    remoteAddress: nextIp(),
    headers: { 'content-type': JSON_API },
    payload: { data: { type: 'user', attributes: { email } } },
  });
const answer = (what: 'confirm' | 'cancel', token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/email-change/${what}`,
    remoteAddress: nextIp(),
    headers: { 'content-type': JSON_API },
    payload: { data: { type: 'email-change', attributes: { token } } },
  });
const emailOf = async (id: number) =>
  (await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;
const openResetTokens = (userId: number) =>
  t.database.db
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
const mailsTo = async (to: string) => {
  await t.app.mailer.settled();
  return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
};

async function clientWithProject() {
  const db = t.database.db;
  const client = await buildUser(db, { role: 'client' });
  const project = await buildProject(db, { ownerId: client.id });
  return { client, project };
}

describe('the takeover through PATCH /api/user/{id}/details', () => {
  it('a projectManager on none of the client’s projects may not change the e-mail (403)', async () => {
    const { client } = await clientWithProject();
    const attacker = await withSessionAs(t.database.db, 'projectManager');
    const res = await details(attacker.headers, client.id, 'attacker@evil.example');
    expect(res.statusCode, res.body).toBe(403);
    expect(await emailOf(client.id)).toBe(client.email);
    expect((await forgot('attacker@evil.example')).statusCode).toBe(422);
    expect(await openResetTokens(client.id)).toEqual([]);
  });

  it('the client’s own projectManager only starts a change; the reset for the new address does nothing', async () => {
    const db = t.database.db;
    const { client, project } = await clientWithProject();
    const pm = await withSessionAs(db, 'projectManager');
    await db
      .insert(projectMembers)
      .values({ projectId: project.id, userId: pm.user.id, kind: 'projectManager' });
    const next = `new-${client.id}@example.com`;
    const res = await details(pm.headers, client.id, next);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes.email).toBe(client.email);
    expect(res.json().meta).toEqual({ 'email-confirmation-sent-to': next });
    expect(await emailOf(client.id)).toBe(client.email);
    // The reset link for the new address reaches nobody until the change is confirmed.
    expect((await forgot(next)).statusCode).toBe(422);
    expect(await openResetTokens(client.id)).toEqual([]);
    // The new address gets the confirmation link, the old one the notice with a cancel link.
    expect((await mailsTo(next)).map((m) => m.subject)).toEqual(['Confirm your new e-mail address']);
    expect((await mailsTo(client.email)).map((m) => m.subject)).toEqual([
      'Your e-mail address is about to change',
    ]);
    const confirm = tokenFromLogs(logs, '/email-change/confirm');
    const cancel = tokenFromLogs(logs, '/email-change/cancel');
    // The outbox keeps the mails with their links redacted.
    for (const mail of [...(await mailsTo(next)), ...(await mailsTo(client.email))])
      expect(`${mail.text}${mail.html}`).not.toMatch(new RegExp(`${confirm}|${cancel}`));

    const confirmed = await answer('confirm', confirm);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().meta).toEqual({ state: 'confirmed' });
    expect(await emailOf(client.id)).toBe(next);
    // A link works once.
    expect((await answer('confirm', confirm)).statusCode).toBe(422);
    expect((await forgot(next)).statusCode).toBe(200);
    expect(await openResetTokens(client.id)).toHaveLength(1);

    // The old address's link still sets it back after the confirmation: reset links and sessions end.
    const reverted = await answer('cancel', cancel);
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(reverted.json().meta).toEqual({ state: 'reverted' });
    expect(await emailOf(client.id)).toBe(client.email);
    expect(await openResetTokens(client.id)).toEqual([]);
    expect((await answer('cancel', cancel)).statusCode).toBe(422);
  });

  it('a change to an internationalised address is mailed to its punycode and shown in Unicode', async () => {
    const db = t.database.db;
    const { client } = await clientWithProject();
    const admin = await withSessionAs(db, 'admin');
    const res = await details(admin.headers, client.id, `info-${client.id}@müller.de`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta).toEqual({ 'email-confirmation-sent-to': `info-${client.id}@müller.de` });
    const to = `info-${client.id}@xn--mller-kva.de`;
    expect((await mailsTo(to)).map((m) => m.subject)).toEqual(['Confirm your new e-mail address']);
    const confirmed = await answer('confirm', tokenFromLogs(logs, '/email-change/confirm'));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await emailOf(client.id)).toBe(to);
  });

  it('the old address cancels the change; the confirmation link is dead afterwards', async () => {
    const db = t.database.db;
    const { client } = await clientWithProject();
    const admin = await withSessionAs(db, 'admin');
    const next = `cancelled-${client.id}@example.com`;
    expect((await details(admin.headers, client.id, next)).statusCode).toBe(200);
    await t.app.mailer.settled();
    const confirm = tokenFromLogs(logs, '/email-change/confirm');
    const cancel = tokenFromLogs(logs, '/email-change/cancel');
    const cancelled = await answer('cancel', cancel);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().meta).toEqual({ state: 'cancelled' });
    const late = await answer('confirm', confirm);
    expect(late.statusCode).toBe(422);
    expect(late.json().errors[0].title).toBe('This link is invalid or has expired');
    expect(await emailOf(client.id)).toBe(client.email);
  });

  it('an admin’s edit-user form (PATCH /api/user/{id}) only starts a change too', async () => {
    const db = t.database.db;
    const target = await buildUser(db, { role: 'developer' });
    const admin = await withSessionAs(db, 'admin');
    const next = `edited-${target.id}@example.com`;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${target.id}`,
      headers: admin.headers,
      payload: {
        data: {
          type: 'user',
          attributes: { name: target.name, login: target.login, email: next, phone: '' },
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.attributes.email).toBe(target.email);
    expect(res.json().meta).toEqual({ 'email-confirmation-sent-to': next });
    expect(await emailOf(target.id)).toBe(target.email);
    expect((await forgot(next)).statusCode).toBe(422);
  });

  it('a client’s own new e-mail waits for that mailbox too, once their password is given', async () => {
    const db = t.database.db;
    const { client } = await clientWithProject();
    const { token } = await createSession(db, { userId: client.id, remember: false, now: new Date() });
    const headers = { authorization: `Bearer ${token}`, 'content-type': JSON_API };
    const next = `self-${client.id}@example.com`;
    const mine = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${client.id}/details`,
      headers,
      payload: {
        data: {
          type: 'user',
          attributes: {
            name: 'Owner',
            email: next,
            phone: '+14155550100',
            'current-password': DEFAULT_PASSWORD,
          },
        },
      },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().meta).toEqual({ 'email-confirmation-sent-to': next });
    expect(await emailOf(client.id)).toBe(client.email);
  });
});
