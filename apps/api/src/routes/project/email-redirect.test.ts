import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, projectMembers } from '../../db/schema/index.ts';
import { buildProject, buildUser, DEFAULT_PASSWORD, signedInAs, signIn } from '../../test/factories.ts';
import { tokenFromLogs } from '../../test/mail-logs.ts';
import { buildTestApp, JSON_API, type TestApp } from '../../test/test-app.ts';

// A projectManager of the owner's project may ask for a new e-mail for the owner (docs/product.md allows the
// edit), but it takes effect only when the new address confirms it (docs/adr/0018-pending-email-changes.md):
// the old address is told at once; on confirmation pending reset links die and the project's history
// shows the change and who asked for it.
const logs: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: 'http://dd.test', logLevel: 'warn' }, { logs });
});
afterAll(() => t.close());

let ip = 0;
const nextIp = () => `10.88.${Math.floor(++ip / 250)}.${ip % 250}`;

const forgot = async (email: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/authorization/forgot',
    remoteAddress: nextIp(),
    headers: { 'content-type': JSON_API },
    payload: { data: { type: 'user', attributes: { email } } },
  });
  expect(res.statusCode).toBe(200);
  await t.app.mailer.settled();
  return tokenFromLogs(logs, '/login/change-password');
};

const resetWith = (userId: number, token: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/user/${userId}`,
    remoteAddress: nextIp(),
    headers: { 'content-type': JSON_API },
    payload: { data: { type: 'user', attributes: { password: 'attacker-chose-1', token } } },
  });

const lastMailTo = async (to: string) =>
  (
    await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id))
  )[0];

/** Follows the newest confirm link mailed to a new address. */
async function confirmFromMail() {
  await t.app.mailer.settled();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/email-change/confirm',
    remoteAddress: nextIp(),
    headers: { 'content-type': JSON_API },
    payload: {
      data: { type: 'email-change', attributes: { token: tokenFromLogs(logs, '/email-change/confirm') } },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function history(projectId: number) {
  const { headers } = await signedInAs(t.app, t.database.db, 'admin');
  const res = await t.app.inject({ url: `/api/project-history/search?project_id=${projectId}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json().data as Array<{ attributes: Record<string, unknown> }>;
}

describe("a staff member changes a client's e-mail", () => {
  it('a projectManager redirects the owner: old link dies, old address told, history names the PM', async () => {
    const owner = await buildUser(t.database.db, {
      email: 'olivia.owner@client.example',
      name: 'Olivia Owner',
    });
    const project = await buildProject(t.database.db, { ownerId: owner.id });
    const pendingLink = await forgot(owner.email);

    const pm = await signedInAs(t.app, t.database.db, 'projectManager', { name: 'Mallory Manager' });
    await t.database.db
      .insert(projectMembers)
      .values({ projectId: project.id, userId: pm.user.id, kind: 'projectManager' });
    const change = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${owner.id}/details`,
      headers: pm.headers,
      payload: {
        data: {
          type: 'user',
          attributes: { name: owner.name, email: 'attacker@evil.example', phone: '+14155550199' },
        },
      },
    });
    expect(change.statusCode).toBe(200);
    // The old address got a notice at once: who asked, for what (masked), how to cancel.
    await t.app.mailer.settled();
    const notice = await lastMailTo('olivia.owner@client.example');
    expect(notice?.subject).toBe('Your e-mail address is about to change');
    expect(notice!.text).toContain('Mallory Manager');
    expect(notice!.text).toContain('a******r@e***.example');
    expect(notice!.text).not.toContain('attacker@evil.example');
    expect(notice!.text).toContain('If you did not expect this, cancel it');
    // Until the new address confirms, the owner's own reset link still works.
    expect(
      (await t.app.inject({ url: `/api/authorization/reset-token?token=${pendingLink}` })).statusCode,
    ).toBe(200);

    await confirmFromMail();
    // The link the owner had pending no longer works once the address changed.
    expect(
      (await t.app.inject({ url: `/api/authorization/reset-token?token=${pendingLink}` })).statusCode,
    ).toBe(422);
    expect((await resetWith(owner.id, pendingLink)).statusCode).toBe(422);

    // The project's history shows it, with the PM's name.
    const entries = await history(project.id);
    const entry = entries.find(
      (e) => e.attributes.entity === 'user' && e.attributes.action === 'email-changed',
    );
    expect(entry?.attributes).toMatchObject({
      'entity-id': owner.id,
      'actor-name': 'Mallory Manager',
      details: { name: 'Olivia Owner', from: 'o**********r@c***.example', to: 'a******r@e***.example' },
    });
  });

  it('the same through the edit-user form: every project of the user records it', async () => {
    const client = await buildUser(t.database.db, { email: 'carl.client@client.example' });
    const first = await buildProject(t.database.db, { ownerId: client.id });
    const second = await buildProject(t.database.db, { ownerId: client.id });
    const pendingLink = await forgot(client.email);
    const admin = await signedInAs(t.app, t.database.db, 'admin', { name: 'Ada Admin' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${client.id}`,
      headers: admin.headers,
      payload: {
        data: {
          type: 'user',
          attributes: { name: client.name, login: client.login, email: 'carl.new@client.example', phone: '' },
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.mailer.settled();
    expect((await lastMailTo('carl.client@client.example'))?.text).toContain('Ada Admin');
    await confirmFromMail();
    expect((await resetWith(client.id, pendingLink)).statusCode).toBe(422);
    for (const project of [first, second]) {
      const entry = (await history(project.id)).find((e) => e.attributes.action === 'email-changed');
      expect(entry?.attributes['actor-name'], `project ${project.id}`).toBe('Ada Admin');
    }
  });

  it('a user’s own new e-mail tells the old address and writes no history; an unchanged one does nothing', async () => {
    const owner = await buildUser(t.database.db, { email: 'self.changer@client.example' });
    const project = await buildProject(t.database.db, { ownerId: owner.id });
    const { authorization } = await signIn(t.app, owner.login);
    const headers = { authorization, 'content-type': JSON_API };
    const save = (email: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/user/${owner.id}/details`,
        headers,
        payload: {
          data: {
            type: 'user',
            attributes: {
              name: owner.name,
              email,
              phone: '+14155550100',
              'current-password': DEFAULT_PASSWORD,
            },
          },
        },
      });
    expect((await save('self.changer@client.example')).statusCode).toBe(200);
    await t.app.mailer.settled();
    expect(await lastMailTo('self.changer@client.example')).toBeUndefined();
    expect((await save('self.changer2@client.example')).statusCode).toBe(200);
    await t.app.mailer.settled();
    expect((await lastMailTo('self.changer@client.example'))?.subject).toBe(
      'Your e-mail address is about to change',
    );
    await confirmFromMail();
    expect((await history(project.id)).filter((e) => e.attributes.action === 'email-changed')).toEqual([]);
  });
});
