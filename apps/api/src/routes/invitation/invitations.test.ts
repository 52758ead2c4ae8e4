import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations, mailOutbox, projectMembers, users } from '../../db/schema/index.ts';
import { buildProject, buildUser, signedInAs, signIn } from '../../test/factories.ts';
import { tokenFromLogs } from '../../test/mail-logs.ts';
import { buildTestApp, firstError, JSON_API, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let clock = new Date('2026-03-01T10:00:00Z');
// Without SMTP_URL the link is only in the server log (the outbox keeps it redacted).
const logs: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({ now: () => clock, publicUrl: 'http://dd.test', logLevel: 'warn' }, { logs });
});
afterAll(() => t.close());

let ip = 0;
const nextIp = () => `10.7.${Math.floor(++ip / 250)}.${ip % 250}`;
let seq = 0;
const freshEmail = () => `invitee${++seq}@example.com`;

const invite = (headers: Record<string, string>, attributes: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/invitation/create',
    remoteAddress: nextIp(),
    headers: { 'content-type': JSON_API, ...headers },
    payload: { data: { type: 'invitation', attributes } },
  });

const register = (attributes: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/authorization/register',
    remoteAddress: nextIp(),
    headers: { 'content-type': JSON_API },
    payload: { data: { type: 'user', attributes } },
  });

const signUp = (token: string, email: string, extra: Record<string, unknown> = {}) =>
  register({
    token,
    email,
    name: 'Ivy Invited',
    phone: '+14155550100',
    timezone: 'Europe/Berlin',
    password: 'invited-pass-1',
    ...extra,
  });

/** An admin invites a fresh address to a new project; the token is read back from the operator's log. */
async function invited(email = freshEmail()) {
  const project = await buildProject(t.database.db);
  const { headers } = await signedInAs(t.app, t.database.db, 'admin');
  const res = await invite(headers, {
    email,
    project_id: project.id,
    redirect_url: 'http://dd.test/register-invited-user',
  });
  expect(res.statusCode).toBe(201);
  await t.app.mailer.settled();
  const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const token = tokenFromLogs(logs, '/register-invited-user');
  return { project, email, token, mail: mail! };
}

describe('POST /api/invitation/create', () => {
  it('lets admins, project managers and account managers invite, and nobody else', async () => {
    const project = await buildProject(t.database.db);
    for (const role of ['superAdmin', 'admin', 'projectManager', 'accountManager'] as const) {
      const { headers } = await signedInAs(t.app, t.database.db, role);
      expect((await invite(headers, { email: freshEmail(), project_id: project.id })).statusCode, role).toBe(
        201,
      );
    }
    for (const role of ['developer', 'readonlyManager', 'assistant', 'client'] as const) {
      const { headers } = await signedInAs(t.app, t.database.db, role);
      expect((await invite(headers, { email: freshEmail(), project_id: project.id })).statusCode, role).toBe(
        403,
      );
    }
    const owner = await buildUser(t.database.db, { role: 'client' });
    const own = await buildProject(t.database.db, { ownerId: owner.id });
    const { authorization } = await signIn(t.app, owner.login);
    expect((await invite({ authorization }, { email: freshEmail(), project_id: own.id })).statusCode).toBe(
      403,
    );
    expect((await invite({}, { email: freshEmail(), project_id: project.id })).statusCode).toBe(401);
  });

  it('mails a 7-day link to /register-invited-user and stores only the hash', async () => {
    const { email, token, mail } = await invited();
    expect(mail.subject).toContain('Delivery Desk');
    expect(mail.status).toBe('logged');
    // The outbox keeps what was sent with the link redacted; the link itself is in the log.
    expect(mail.text).toContain('Create your account: [link redacted]');
    expect(mail.text).not.toContain(token);
    expect(mail.html).toContain('Delivery Desk');
    expect(mail.html).not.toContain(token);
    const [row] = await t.database.db.select().from(invitations).where(eq(invitations.email, email));
    expect(row!.tokenHash).not.toBe(token);
    expect(row!.expiresAt.getTime() - clock.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it("answers 'User with this email is already registered' for an existing account", async () => {
    const existing = await buildUser(t.database.db, { email: 'Already.Here@example.com' });
    const project = await buildProject(t.database.db);
    const { headers } = await signedInAs(t.app, t.database.db, 'admin');
    const res = await invite(headers, { email: 'already.here@example.com', project_id: project.id });
    expect(res.statusCode).toBe(422);
    expect(firstError(res)).toEqual({
      status: '422',
      code: 'email_registered',
      title: 'User with this email is already registered',
      source: { pointer: '/data/attributes/email' },
    });
    expect(existing.id).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown project and 422 for a malformed e-mail', async () => {
    const { headers } = await signedInAs(t.app, t.database.db, 'admin');
    expect((await invite(headers, { email: freshEmail(), project_id: 999_999 })).statusCode).toBe(404);
    const bad = await invite(headers, { email: 'nope', project_id: 1 });
    expect(bad.statusCode).toBe(422);
    expect(firstError(bad)?.title).toBe('Please, input correct e-mail address.');
  });

  it('answers 429 after 5 invitations to one address within an hour', async () => {
    const project = await buildProject(t.database.db);
    const { headers } = await signedInAs(t.app, t.database.db, 'admin');
    const email = freshEmail();
    // One pending invitation per address and project: five projects, then the sixth call is refused.
    for (let i = 0; i < 5; i++) {
      const other = await buildProject(t.database.db);
      expect((await invite(headers, { email, project_id: other.id })).statusCode).toBe(201);
    }
    expect((await invite(headers, { email, project_id: project.id })).statusCode).toBe(429);
  });
});

describe('POST /api/invitation/create twice (a double click)', () => {
  const openRows = async (email: string) =>
    t.database.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.email, email), isNull(invitations.usedAt)));
  const mailsTo = async (email: string) => {
    await t.app.mailer.settled();
    return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  };

  it('sends one invitation: the second call at the same moment answers 409 and mails nothing', async () => {
    const project = await buildProject(t.database.db);
    const { headers } = await signedInAs(t.app, t.database.db, 'admin');
    const email = freshEmail();
    const answers = await Promise.all([
      invite(headers, { email, project_id: project.id }),
      invite(headers, { email, project_id: project.id }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((r) => r.statusCode === 409)!;
    expect(firstError(refused)).toMatchObject({
      title: 'An invitation to this e-mail is already pending; resend it from the list',
      source: { pointer: '/data/attributes/email' },
    });
    expect(await openRows(email)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);

    // Later, and written differently, it is still the same pending invitation.
    const again = await invite(headers, { email: email.toUpperCase(), project_id: project.id });
    expect(again.statusCode).toBe(409);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('invites the same address to another project, and again once the first has expired', async () => {
    const { headers } = await signedInAs(t.app, t.database.db, 'admin');
    const email = freshEmail();
    const first = await buildProject(t.database.db);
    const second = await buildProject(t.database.db);
    expect((await invite(headers, { email, project_id: first.id })).statusCode).toBe(201);
    expect((await invite(headers, { email, project_id: second.id })).statusCode).toBe(201);

    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(clock.getTime() - 1000) })
      .where(and(eq(invitations.email, email), eq(invitations.projectId, first.id)));
    expect((await invite(headers, { email, project_id: first.id })).statusCode).toBe(201);
    const open = await openRows(email);
    // The expired one made way for the new one: one open invitation per project.
    expect(open.map((r) => r.projectId).sort()).toEqual([first.id, second.id].sort());
  });

  it('closes every other pending invitation of the address once the person signs up with one', async () => {
    const { project, email, token } = await invited();
    const other = await buildProject(t.database.db);
    const { headers } = await signedInAs(t.app, t.database.db, 'admin');
    expect((await invite(headers, { email, project_id: other.id })).statusCode).toBe(201);
    expect(await openRows(email)).toHaveLength(2);

    const res = await signUp(token, email);
    expect(res.statusCode, res.body).toBe(201);
    expect(await openRows(email)).toEqual([]);
    const pending = await t.app.inject({
      url: `/api/invitation/search?filter[project_id]=${other.id}`,
      headers,
    });
    expect(pending.statusCode).toBe(200);
    expect(pending.json().data).toEqual([]);
    const [member] = await t.database.db
      .select()
      .from(projectMembers)
      .where(eq(projectMembers.projectId, project.id));
    expect(member).toBeDefined();
  });
});

describe('GET /api/invitation/my', () => {
  it('gives the invited e-mail, and 422 for an unknown or expired token', async () => {
    const { email, token, project } = await invited();
    const res = await t.app.inject({ url: `/api/invitation/my?token=${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      type: 'invitation',
      attributes: { email, 'project-id': project.id },
    });
    expect((await t.app.inject({ url: '/api/invitation/my?token=unknown' })).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/api/invitation/my' })).statusCode).toBe(400);

    const start = clock;
    try {
      clock = new Date(start.getTime() + 7 * 24 * 60 * 60 * 1000 + 1);
      expect((await t.app.inject({ url: `/api/invitation/my?token=${token}` })).statusCode).toBe(422);
      expect((await signUp(token, email)).statusCode).toBe(422);
    } finally {
      clock = start;
    }
  });
});

describe('POST /api/authorization/register', () => {
  it('creates a client whose login is the e-mail, on the invited project, and spends the invitation', async () => {
    const { email, token, project } = await invited();
    const res = await signUp(token, email, { role: 'admin' });
    expect(res.statusCode).toBe(201);
    expect(res.json().meta['project-id']).toBe(project.id);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({
      role: 'client',
      login: email,
      name: 'Ivy Invited',
      timezone: 'Europe/Berlin',
    });
    const members = await t.database.db
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.userId, user!.id)));
    expect(members.map((m) => m.kind)).toEqual(['client']);

    // The new client signs in with e-mail and password.
    const { authorization } = await signIn(t.app, email, 'invited-pass-1');
    const check = await t.app.inject({ url: '/api/authorization/check', headers: { authorization } });
    expect(check.json().data.attributes.role).toBe('client');

    // Works once.
    expect((await t.app.inject({ url: `/api/invitation/my?token=${token}` })).statusCode).toBe(422);
    const again = await signUp(token, email);
    expect(again.statusCode).toBe(422);
    expect(firstError(again)?.source?.pointer).toBe('/data/attributes/token');
  });

  it("answers 'Email is already taken' when the address got an account after the invitation", async () => {
    const { email, token } = await invited();
    await buildUser(t.database.db, { email });
    const res = await signUp(token, email);
    expect(res.statusCode).toBe(422);
    expect(firstError(res)).toEqual({
      status: '422',
      code: 'email_taken',
      title: 'Email is already taken',
      source: { pointer: '/data/attributes/email' },
    });
    // The invitation is not spent by a failed sign-up.
    expect((await t.app.inject({ url: `/api/invitation/my?token=${token}` })).statusCode).toBe(200);
  });

  it("validates with the product's minimums and messages", async () => {
    const { email, token } = await invited();
    const res = await register({ token, email: 'bad', name: 'A', phone: '1', password: '123' });
    expect(res.statusCode).toBe(422);
    const byField = Object.fromEntries(
      res
        .json()
        .errors.map((e: { title: string; source: { pointer: string } }) => [e.source.pointer, e.title]),
    );
    expect(byField['/data/attributes/email']).toBe('Please, input correct e-mail address.');
    expect(byField['/data/attributes/password']).toBe('Minimum 6 Characters');
    expect(byField['/data/attributes/name']).toBeTruthy();
    expect(byField['/data/attributes/phone']).toBeTruthy();
    expect(email).toContain('@');
  });

  it('uses the invited address even if the body names another', async () => {
    const { email, token } = await invited();
    expect((await signUp(token, 'someone.else@example.com')).statusCode).toBe(201);
    const [user] = await t.database.db.select().from(users).where(eq(users.login, email));
    expect(user?.email).toBe(email);
  });
});

describe('POST /api/authorization/register with an avatar', () => {
  // A 1x1 transparent PNG.
  const PNG =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

  it('stores an inline image as the avatar and refuses what is not an image', async () => {
    const bad = await invited();
    const refused = await signUp(bad.token, bad.email, { avatar: 'data:text/plain;base64,aGVsbG8=' });
    expect(refused.statusCode).toBe(422);
    expect(firstError(refused)).toMatchObject({
      title: 'Only .jpeg or .png or .gif images allowed!',
      source: { pointer: '/data/attributes/avatar' },
    });

    const { email, token } = await invited();
    const res = await signUp(token, email, { avatar: PNG });
    expect(res.statusCode).toBe(201);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.avatar).toMatch(/^\/api\/image\/\d+$/);
  });
});
