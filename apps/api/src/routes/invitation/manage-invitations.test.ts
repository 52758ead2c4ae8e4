import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, mailOutbox } from '../../db/schema/index.ts';
import { buildProject, signedInAs } from '../../test/factories.ts';
import { tokenFromLogs } from '../../test/mail-logs.ts';

/** Mail goes out through the job queue: the link reaches the log once the queued mail was handled. */
async function mailedToken() {
  await t.app.mailer.settled();
  return tokenFromLogs(logs, '/register-invited-user');
}

import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let clock = new Date('2026-03-01T10:00:00Z');
// Without SMTP_URL a link is only in the server log (the outbox keeps it redacted).
const logs: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({ now: () => clock, publicUrl: 'http://dd.test', logLevel: 'warn' }, { logs });
});
afterAll(() => t.close());

let ip = 0;
const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;
let seq = 0;
const freshEmail = () => `pending${++seq}@example.com`;

const ALLOWED = ['superAdmin', 'admin', 'projectManager', 'accountManager'] as const;
const REFUSED = ['developer', 'readonlyManager', 'assistant', 'client'] as const;

let admin: Record<string, string> | undefined;
async function adminHeaders() {
  admin ??= (await signedInAs(t.app, t.database.db, 'admin')).headers;
  return admin;
}
/** Role headers without a content type: resend and revoke carry no body. */
async function roleHeaders(role: (typeof ALLOWED | typeof REFUSED)[number]) {
  const { authorization } = (await signedInAs(t.app, t.database.db, role)).headers;
  return { authorization };
}
const bare = (headers: Record<string, string>) => ({ authorization: headers.authorization ?? '' });

async function invite(projectId: number, email = freshEmail()) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/invitation/create',
    remoteAddress: nextIp(),
    headers: await adminHeaders(),
    payload: { data: { type: 'invitation', attributes: { email, project_id: projectId } } },
  });
  expect(res.statusCode).toBe(201);
  return { id: Number(res.json().data.id), email, token: await mailedToken() };
}

const search = (headers: Record<string, string>, projectId: number | string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/invitation/search?filter[project_id]=${projectId}`,
    remoteAddress: nextIp(),
    headers,
  });
const resend = (headers: Record<string, string>, id: number | string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/invitation/${id}/resend`,
    remoteAddress: nextIp(),
    headers: headers.authorization ? bare(headers) : {},
  });
const revoke = (headers: Record<string, string>, id: number | string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/invitation/${id}`,
    remoteAddress: nextIp(),
    headers: headers.authorization ? bare(headers) : {},
  });
const my = (token: string) =>
  t.app.inject({ method: 'GET', url: `/api/invitation/my?token=${token}`, remoteAddress: nextIp() });

describe('GET /api/invitation/search', () => {
  it("lists a project's pending invitations, newest first, without tokens; not used, expired or other projects'", async () => {
    const project = await buildProject(t.database.db);
    const other = await buildProject(t.database.db);
    const first = await invite(project.id);
    clock = new Date(clock.getTime() + 60_000);
    const second = await invite(project.id);
    await invite(other.id);
    const spent = await invite(project.id);
    await t.database.db.update(invitations).set({ usedAt: clock }).where(eq(invitations.id, spent.id));
    const old = await invite(project.id);
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(clock.getTime() - 1) })
      .where(eq(invitations.id, old.id));

    const res = await search(await adminHeaders(), project.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((d: { id: string }) => Number(d.id))).toEqual([second.id, first.id]);
    expect(body.data[0].attributes).toMatchObject({ email: second.email, 'project-id': project.id });
    expect(body.data[0].attributes['expires-at']).toBe(
      new Date(clock.getTime() + 7 * 24 * 3600 * 1000).toISOString(),
    );
    expect(res.body).not.toContain(second.token);
    expect(res.body).not.toMatch(/token/i);
  });

  it('answers 400 without filter[project_id] and 404 for an unknown project (staff)', async () => {
    const headers = await adminHeaders();
    expect((await search(headers, 'abc')).statusCode).toBe(400);
    const none = await t.app.inject({ method: 'GET', url: '/api/invitation/search', headers });
    expect(none.statusCode).toBe(400);
    expect((await search(headers, 999_999)).statusCode).toBe(404);
  });

  it('role table: anonymous 401; those who may invite 200; every other role 403', async () => {
    const project = await buildProject(t.database.db);
    expect((await search({}, project.id)).statusCode).toBe(401);
    for (const role of ALLOWED) {
      const headers = await roleHeaders(role);
      expect((await search(headers, project.id)).statusCode, role).toBe(200);
    }
    for (const role of REFUSED) {
      const headers = await roleHeaders(role);
      expect((await search(headers, project.id)).statusCode, role).toBe(403);
    }
    // The project's own owner does not manage its invitations either.
    const { user, headers } = await signedInAs(t.app, t.database.db, 'client');
    const owned = await buildProject(t.database.db, { ownerId: user.id });
    expect((await search(headers, owned.id)).statusCode).toBe(403);
  });
});

describe('POST /api/invitation/{id}/resend', () => {
  it('mails a new link, the old link stops working, the outbox keeps it redacted, 7 more days', async () => {
    const project = await buildProject(t.database.db);
    const sent = await invite(project.id);
    expect((await my(sent.token)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 3 * 24 * 3600 * 1000);

    const res = await resend(await adminHeaders(), sent.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({
      email: sent.email,
      'project-id': project.id,
      'expires-at': new Date(clock.getTime() + 7 * 24 * 3600 * 1000).toISOString(),
    });
    const token = await mailedToken();
    expect(token).not.toBe(sent.token);
    expect((await my(sent.token)).statusCode).toBe(422);
    const fresh = await my(token);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.attributes.email).toBe(sent.email);

    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, sent.email));
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(JSON.stringify(mail)).not.toContain(token);
      expect(JSON.stringify(mail)).not.toContain(sent.token);
      expect(mail.text).toContain('[link redacted]');
    }
  });

  it('resends an expired invitation; 404 for a used or unknown one', async () => {
    const project = await buildProject(t.database.db);
    const old = await invite(project.id);
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(clock.getTime() - 1) })
      .where(eq(invitations.id, old.id));
    const headers = await adminHeaders();
    expect((await resend(headers, old.id)).statusCode).toBe(200);
    expect((await my(await mailedToken())).statusCode).toBe(200);

    const spent = await invite(project.id);
    await t.database.db.update(invitations).set({ usedAt: clock }).where(eq(invitations.id, spent.id));
    expect((await resend(headers, spent.id)).statusCode).toBe(404);
    expect((await resend(headers, 999_999)).statusCode).toBe(404);
  });

  it('role table: anonymous 401; those who may invite 200; every other role 403, nothing mailed', async () => {
    const project = await buildProject(t.database.db);
    const sent = await invite(project.id);
    expect((await resend({}, sent.id)).statusCode).toBe(401);
    for (const role of ALLOWED) {
      const headers = await roleHeaders(role);
      expect((await resend(headers, sent.id)).statusCode, role).toBe(200);
    }
    const before = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, sent.email));
    for (const role of REFUSED) {
      const headers = await roleHeaders(role);
      expect((await resend(headers, sent.id)).statusCode, role).toBe(403);
    }
    const after = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, sent.email));
    expect(after).toHaveLength(before.length);
    expect(before).toHaveLength(1 + ALLOWED.length);
  });
});

describe('DELETE /api/invitation/{id}', () => {
  it('revokes: the link stops working and the invitation leaves the list; a second revoke is 404', async () => {
    const project = await buildProject(t.database.db);
    const sent = await invite(project.id);
    const headers = await adminHeaders();
    expect((await revoke(headers, sent.id)).statusCode).toBe(204);
    expect((await my(sent.token)).statusCode).toBe(422);
    expect((await search(headers, project.id)).json().data).toEqual([]);
    expect((await revoke(headers, sent.id)).statusCode).toBe(404);
  });

  it('role table: anonymous 401; every refused role 403 and the invitation stays; those who may invite 204', async () => {
    const project = await buildProject(t.database.db);
    const sent = await invite(project.id);
    expect((await revoke({}, sent.id)).statusCode).toBe(401);
    for (const role of REFUSED) {
      const headers = await roleHeaders(role);
      expect((await revoke(headers, sent.id)).statusCode, role).toBe(403);
    }
    expect((await my(sent.token)).statusCode).toBe(200);
    for (const role of ALLOWED) {
      const headers = await roleHeaders(role);
      const own = await invite(project.id);
      expect((await revoke(headers, own.id)).statusCode, role).toBe(204);
    }
    expect((await revoke(await adminHeaders(), sent.id)).statusCode).toBe(204);
  });
});
