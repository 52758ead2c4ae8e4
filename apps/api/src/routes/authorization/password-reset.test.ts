import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, passwordResetTokens } from '../../db/schema/index.ts';
import { buildUser, DEFAULT_PASSWORD, signIn } from '../../test/factories.ts';
import { linkFromLogs, tokenFromLogs } from '../../test/mail-logs.ts';
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
const nextIp = () => `10.9.${Math.floor(++ip / 250)}.${ip % 250}`;

const forgot = (attributes: Record<string, unknown>, remoteAddress = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/authorization/forgot',
    remoteAddress,
    headers: { 'content-type': JSON_API },
    payload: { data: { type: 'user', attributes } },
  });

const patchPassword = (
  id: number,
  attributes: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/user/${id}`,
    remoteAddress: nextIp(),
    headers: { 'content-type': JSON_API, ...headers },
    payload: { data: { type: 'user', id: String(id), attributes } },
  });

/** Asks for a reset and reads the token back from the operator's log line (no SMTP_URL). */
async function resetTokenFor(email: string): Promise<string> {
  const res = await forgot({ email, redirect_url: 'http://dd.test/login/change-password' });
  expect(res.statusCode).toBe(200);
  await t.app.mailer.settled();
  return tokenFromLogs(logs, '/login/change-password');
}

describe('POST /api/authorization/forgot', () => {
  it("answers an unknown e-mail with the product's message on the email field", async () => {
    const res = await forgot({ email: 'nobody@example.com' });
    expect(res.statusCode).toBe(422);
    expect(firstError(res)).toEqual({
      status: '422',
      code: 'email_not_found',
      title: "We can't find a user with that e-mail address.",
      source: { pointer: '/data/attributes/email' },
    });
  });

  it("refuses a malformed e-mail with 'Please, input correct e-mail address.'", async () => {
    const res = await forgot({ email: 'not-an-email' });
    expect(res.statusCode).toBe(422);
    expect(firstError(res)?.title).toBe('Please, input correct e-mail address.');
    expect(firstError(res)?.source?.pointer).toBe('/data/attributes/email');
  });

  it('mails a one-hour link to /login/change-password, kept in the outbox as logged (no SMTP_URL)', async () => {
    const user = await buildUser(t.database.db, { email: 'Reset.Me@example.com', name: 'Rita Reset' });
    const res = await forgot({ email: 'reset.me@example.com' });
    expect(res.statusCode).toBe(200);
    await t.app.mailer.settled();
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mail).toMatchObject({ subject: 'Reset your Delivery Desk password', status: 'logged' });
    // The outbox keeps what was sent, the link redacted; the operator's log line has the link.
    expect(mail!.text).toContain('Choose a new password: [link redacted]');
    expect(mail!.text).toContain('Rita Reset');
    expect(mail!.html).toContain('Delivery Desk');
    expect(mail!.html).toContain('href="[link redacted]"');
    expect(`${mail!.text}${mail!.html}`).not.toContain('token=');
    expect(linkFromLogs(logs, '/login/change-password')).toMatch(
      /^http:\/\/dd\.test\/login\/change-password\?token=[A-Za-z0-9_-]{43}$/,
    );
    const [row] = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(row!.expiresAt.getTime() - clock.getTime()).toBe(60 * 60 * 1000);
    // Only the hash is stored.
    const token = tokenFromLogs(logs, '/login/change-password');
    expect(row!.tokenHash).not.toBe(token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('never sends the link to a foreign redirect_url', async () => {
    const user = await buildUser(t.database.db);
    await forgot({ email: user.email, redirect_url: 'https://evil.example/steal' });
    await t.app.mailer.settled();
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email));
    expect(mail!.text).not.toContain('evil.example');
    expect(linkFromLogs(logs, '/login/change-password')).toMatch(
      /^http:\/\/dd\.test\/login\/change-password\?token=/,
    );
  });

  it('takes as long for an unknown e-mail as for a known one (both padded to a fixed minimum)', async () => {
    const user = await buildUser(t.database.db);
    const time = async (email: string) => {
      const started = performance.now();
      await forgot({ email });
      return performance.now() - started;
    };
    const known = await time(user.email);
    const unknown = await time('ghost@example.com');
    expect(known).toBeGreaterThanOrEqual(295);
    expect(unknown).toBeGreaterThanOrEqual(295);
  });

  it('answers 429 after 5 requests for one address, even from different client addresses', async () => {
    const user = await buildUser(t.database.db);
    for (let i = 0; i < 5; i++) expect((await forgot({ email: user.email })).statusCode).toBe(200);
    expect((await forgot({ email: user.email })).statusCode).toBe(429);
  });

  it('answers 429 after 10 requests from one client address', async () => {
    for (let i = 0; i < 10; i++) await forgot({ email: `flood${i}@example.com` }, '10.8.0.1');
    expect((await forgot({ email: 'flood-last@example.com' }, '10.8.0.1')).statusCode).toBe(429);
  });
});

describe('GET /api/authorization/reset-token', () => {
  it('gives the user id of a valid token and 422 for an unknown one', async () => {
    const user = await buildUser(t.database.db);
    const token = await resetTokenFor(user.email);
    const ok = await t.app.inject({ url: `/api/authorization/reset-token?token=${token}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ type: 'reset-token', attributes: { 'user-id': user.id } });
    const bad = await t.app.inject({ url: '/api/authorization/reset-token?token=nope' });
    expect(bad.statusCode).toBe(422);
  });

  it('refuses a token after one hour', async () => {
    const user = await buildUser(t.database.db);
    const token = await resetTokenFor(user.email);
    const start = clock;
    try {
      clock = new Date(start.getTime() + 59 * 60 * 1000);
      expect((await t.app.inject({ url: `/api/authorization/reset-token?token=${token}` })).statusCode).toBe(
        200,
      );
      clock = new Date(start.getTime() + 60 * 60 * 1000 + 1);
      expect((await t.app.inject({ url: `/api/authorization/reset-token?token=${token}` })).statusCode).toBe(
        422,
      );
      expect((await patchPassword(user.id, { password: 'brand-new-pass', token })).statusCode).toBe(422);
    } finally {
      clock = start;
    }
  });

  it('a newer request retires the older link', async () => {
    const user = await buildUser(t.database.db);
    const first = await resetTokenFor(user.email);
    const second = await resetTokenFor(user.email);
    expect((await t.app.inject({ url: `/api/authorization/reset-token?token=${first}` })).statusCode).toBe(
      422,
    );
    expect((await t.app.inject({ url: `/api/authorization/reset-token?token=${second}` })).statusCode).toBe(
      200,
    );
  });
});

describe('PATCH /api/user/{id} with a reset token', () => {
  it('sets the password, answers the login, ends every other session and works once', async () => {
    const user = await buildUser(t.database.db);
    const other = await signIn(t.app, user.login);
    const token = await resetTokenFor(user.email);

    const res = await patchPassword(user.id, { password: 'brand-new-pass', token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes.login).toBe(user.login);
    expect(res.json().data.attributes).not.toHaveProperty('password-hash');

    const check = await t.app.inject({
      url: '/api/authorization/check',
      headers: { authorization: other.authorization },
    });
    expect(check.statusCode).toBe(401);
    await expect(signIn(t.app, user.login)).rejects.toThrow();
    await signIn(t.app, user.login, 'brand-new-pass');

    const again = await patchPassword(user.id, { password: 'another-pass-1', token });
    expect(again.statusCode).toBe(422);
    expect(firstError(again)?.source?.pointer).toBe('/data/attributes/token');
  });

  it("refuses a token for another user's id", async () => {
    const owner = await buildUser(t.database.db);
    const victim = await buildUser(t.database.db);
    const token = await resetTokenFor(owner.email);
    expect((await patchPassword(victim.id, { password: 'brand-new-pass', token })).statusCode).toBe(422);
  });

  it("applies the product's minimum of 6 characters", async () => {
    const user = await buildUser(t.database.db);
    const token = await resetTokenFor(user.email);
    const res = await patchPassword(user.id, { password: '12345', token });
    expect(res.statusCode).toBe(422);
    expect(firstError(res)).toMatchObject({
      title: 'Minimum 6 Characters',
      source: { pointer: '/data/attributes/password' },
    });
  });

  it('without a token: a signed-in user may set only their own password, keeping this session', async () => {
    const user = await buildUser(t.database.db);
    const stranger = await buildUser(t.database.db);
    const mine = await signIn(t.app, user.login);
    const elsewhere = await signIn(t.app, user.login);
    expect((await patchPassword(user.id, { password: 'brand-new-pass' })).statusCode).toBe(401);
    expect(
      (
        await patchPassword(
          stranger.id,
          { password: 'brand-new-pass' },
          { authorization: mine.authorization },
        )
      ).statusCode,
    ).toBe(422);
    // Their own new password needs the current one (issue 41 finding 3, own-password-reauth.test.ts).
    const res = await patchPassword(
      user.id,
      { password: 'brand-new-pass', 'current-password': DEFAULT_PASSWORD },
      { authorization: mine.authorization },
    );
    expect(res.statusCode).toBe(200);
    const status = async (authorization: string) =>
      (await t.app.inject({ url: '/api/authorization/check', headers: { authorization } })).statusCode;
    expect(await status(mine.authorization)).toBe(200);
    expect(await status(elsewhere.authorization)).toBe(401);
  });
});
