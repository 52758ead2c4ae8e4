import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, projectBudgets, projectStates, users } from '../../db/schema/index.ts';
import { buildProject, buildUser, DEFAULT_PASSWORD } from '../../test/factories.ts';
import { tokenFromLogs } from '../../test/mail-logs.ts';
import { buildTestApp, firstError, JSON_API, type TestApp } from '../../test/test-app.ts';

/**
 * Addresses real clients have, which the spec's original pattern refused with 422 (docs/product.md §C5):
 * an underscore and an apostrophe in the local part, and an internationalised domain, stored and sent in
 * punycode and shown in Unicode. Each signs up through the wizard, is invited, is created by an admin,
 * signs in and resets their password; a '+' reaches the forgot-password route as typed.
 */
const ADDRESSES = [
  { typed: 'priya_shah@client.test', stored: 'priya_shah@client.test' },
  { typed: "o'brien@client.ie", stored: "o'brien@client.ie" },
  { typed: 'info@müller.de', stored: 'info@xn--mller-kva.de' },
] as const;

let ip = 0;
const nextIp = () => `10.44.${Math.floor(++ip / 250)}.${ip % 250}`;

const post = (t: TestApp, url: string, type: string, attributes: unknown, headers = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: nextIp(),
    headers: { 'content-type': JSON_API, ...headers },
    payload: { data: { type, attributes } },
  });

async function signIn(t: TestApp, login: string, password: string) {
  const res = await post(t, '/api/authorization/login', 'user', { login, password, remember: '1' });
  expect(res.statusCode, `${login}: ${res.body}`).toBe(200);
  return { authorization: `Bearer ${res.json().data.attributes.token as string}` };
}

const storedUser = async (t: TestApp, stored: string) =>
  (await t.database.db.select().from(users).where(sql`lower(${users.email}) = lower(${stored})`))[0];

/** The address as the API shows it: a user resource's e-mail, read by the user themself. */
async function shownEmail(t: TestApp, headers: Record<string, string>) {
  const check = await t.app.inject({ url: '/api/authorization/check', headers });
  expect(check.statusCode, check.body).toBe(200);
  const id = check.json().data.id as string;
  const user = await t.app.inject({ url: `/api/user/${id}`, headers });
  expect(user.statusCode, user.body).toBe(200);
  return user.json().data.attributes.email as string;
}

describe('the wizard sign-up, sign-in and password reset of real addresses', () => {
  let t: TestApp;
  const logs: string[] = [];
  let lookups: { stateId: number; budgetId: number };
  beforeAll(async () => {
    t = await buildTestApp({ publicUrl: 'http://dd.test', logLevel: 'warn' }, { logs });
    const [state] = await t.database.db.select().from(projectStates).limit(1);
    const [budget] = await t.database.db.select().from(projectBudgets).limit(1);
    lookups = { stateId: state!.id, budgetId: budget!.id };
  });
  afterAll(() => t.close());

  it.each(ADDRESSES)('$typed signs up, signs in as typed and resets the password', async (address) => {
    const res = await post(t, '/api/user/register-client', 'user', {
      user: {
        role: 'client',
        name: 'Real Client',
        email: address.typed,
        password: 'first-pass-1',
        phone: '+14155551234',
        timezone: 'Europe/Dublin',
      },
      company: { title: 'Real Co', company_size_id: null },
      project: { title: 'Real Co', project_state_id: lookups.stateId, project_budget_id: lookups.budgetId },
    });
    expect(res.statusCode, res.body).toBe(201);
    const user = await storedUser(t, address.stored);
    expect(user).toMatchObject({ email: address.stored, login: address.stored });
    const session = await signIn(t, address.typed, 'first-pass-1');
    expect(await shownEmail(t, session)).toBe(address.typed);

    const forgot = await post(t, '/api/authorization/forgot', 'user', {
      email: address.typed,
      redirect_url: 'http://dd.test/login/change-password',
    });
    expect(forgot.statusCode, forgot.body).toBe(200);
    await t.app.mailer.settled();
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, address.stored));
    // The sign-up's confirmation (issue 42 §4) and the reset, both to the real address.
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Reset your Delivery Desk password',
      'Your project “Real Co” is on Delivery Desk',
    ]);
    const token = tokenFromLogs(logs, '/login/change-password');
    const reset = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${user!.id}`,
      remoteAddress: nextIp(),
      headers: { 'content-type': JSON_API },
      payload: {
        data: { type: 'user', id: String(user!.id), attributes: { password: 'second-pass-2', token } },
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await signIn(t, address.stored, 'second-pass-2');
  });

  it('the same address with its domain in another case or form is the same account', async () => {
    const res = await post(t, '/api/user/register-client', 'user', {
      user: {
        role: 'client',
        name: 'Twin',
        email: 'info@MÜLLER.de',
        password: 'twin-pass-1',
        phone: '+14155551234',
      },
      company: { title: 'Twin Co', company_size_id: null },
      project: { title: 'Twin Co', project_state_id: lookups.stateId, project_budget_id: lookups.budgetId },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(firstError(res)?.title).toBe('Email is already taken');
  });

  it("keeps a '+' in the forgot-password address: the mail goes to anna+dd, not annadd", async () => {
    const anna = await buildUser(t.database.db, { email: 'anna+dd@client.test', name: 'Anna Plus' });
    await buildUser(t.database.db, { email: 'annadd@client.test', name: 'Someone Else' });
    const res = await post(t, '/api/authorization/forgot', 'user', { email: 'anna+dd@client.test' });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.mailer.settled();
    const sent = await t.database.db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(sql`${mailOutbox.to} in ('anna+dd@client.test', 'annadd@client.test')`);
    expect(sent).toEqual([{ to: anna.email, subject: 'Reset your Delivery Desk password' }]);
  });

  it("keeps the spec's messages for what is still not an address", async () => {
    const forgot = await post(t, '/api/authorization/forgot', 'user', { email: 'anna dd@client.test' });
    expect(forgot.statusCode).toBe(422);
    expect(firstError(forgot)?.title).toBe('Please, input correct e-mail address.');
  });
});

describe('invitations to real addresses', () => {
  let t: TestApp;
  const logs: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp({ publicUrl: 'http://dd.test', logLevel: 'warn' }, { logs });
  });
  afterAll(() => t.close());

  it.each(ADDRESSES)('$typed is invited, signs up from the link and signs in', async (address) => {
    const admin = await buildUser(t.database.db, { role: 'admin' });
    const headers = await signIn(t, admin.login, DEFAULT_PASSWORD);
    const project = await buildProject(t.database.db);
    const invited = await post(
      t,
      '/api/invitation/create',
      'invitation',
      { email: address.typed, project_id: project.id, redirect_url: 'http://dd.test/register-invited-user' },
      headers,
    );
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json().data.attributes.email).toBe(address.typed);
    await t.app.mailer.settled();
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, address.stored));
    expect(mail).toBeDefined();
    const token = tokenFromLogs(logs, '/register-invited-user');

    const signUp = await post(t, '/api/authorization/register', 'user', {
      token,
      email: address.typed,
      name: 'Ivy Invited',
      phone: '+1 415 555 0100',
      timezone: 'Europe/Berlin',
      password: 'invited-pass-1',
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    expect(await storedUser(t, address.stored)).toMatchObject({ email: address.stored });
    const session = await signIn(t, address.typed, 'invited-pass-1');
    expect(await shownEmail(t, session)).toBe(address.typed);
  });
});

describe('an admin creates users with real addresses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it.each(ADDRESSES)('$typed is created and signs in with it', async (address) => {
    const admin = await buildUser(t.database.db, { role: 'admin' });
    const headers = await signIn(t, admin.login, DEFAULT_PASSWORD);
    const res = await post(
      t,
      '/api/user/create',
      'user',
      {
        name: 'New Person',
        email: address.typed,
        password: 'secret-1',
        phone: '+14155550101',
        role: 'developer',
      },
      headers,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.attributes.email).toBe(address.typed);
    expect(await storedUser(t, address.stored)).toMatchObject({
      email: address.stored,
      login: address.stored,
    });
    await signIn(t, address.typed, 'secret-1');
  });
});
