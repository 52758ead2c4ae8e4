import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, DEFAULT_PASSWORD, signIn } from '../../test/factories.ts';
import { buildTestApp, firstError, JSON_API, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

// Failures are also counted per address, so the tests that fail on purpose each come from their own.
const login = (attributes: Record<string, unknown>, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/authorization/login',
    remoteAddress,
    headers: { 'content-type': JSON_API },
    payload: { data: { type: 'user', attributes } },
  });

describe('POST /api/authorization/login', () => {
  it('signs the bootstrap superAdmin in by e-mail and answers token and user-id with an HttpOnly cookie', async () => {
    const res = await login({ login: 'root@example.com', password: 'root-pass-123', remember: '1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(JSON_API);
    const body = res.json();
    expect(body.data.type).toBe('authorization');
    expect(body.data.attributes.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.attributes['user-id']).toBeTypeOf('number');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain('dd_token=');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
  });

  it('accepts the login name as well as the e-mail', async () => {
    const user = await buildUser(t.database.db, { login: 'jane.doe', email: 'jane@example.com' });
    const res = await login({ login: 'Jane.Doe', password: DEFAULT_PASSWORD, remember: '0' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes['user-id']).toBe(user.id);
    expect(String(res.headers['set-cookie'])).not.toContain('Max-Age');
  });

  it('answers a wrong password and an unknown login the same way, on the password field', async () => {
    await buildUser(t.database.db, { login: 'known.user' });
    const wrong = await login({ login: 'known.user', password: 'not-the-password' }, '10.0.0.1');
    const unknown = await login({ login: 'nobody.here', password: 'not-the-password' }, '10.0.0.2');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(422);
      expect(firstError(res)).toEqual({
        status: '422',
        code: 'unprocessable',
        title: 'Sorry, password is incorrect',
        source: { pointer: '/data/attributes/password' },
      });
    }
  });

  it("validates with the product's messages", async () => {
    const res = await login({ login: '', password: '123' }, '10.0.0.3');
    expect(res.statusCode).toBe(422);
    const titles = res.json().errors.map((e: { title: string }) => e.title);
    expect(titles).toContain('Please, input correct login.');
  });

  it('refuses a deactivated user with the same answer', async () => {
    const user = await buildUser(t.database.db, { isActive: false });
    const res = await login({ login: user.login, password: DEFAULT_PASSWORD }, '10.0.0.4');
    expect(res.statusCode).toBe(422);
    expect(firstError(res)?.title).toBe('Sorry, password is incorrect');
  });

  it('answers 429 after 10 failures for one account from one address, even with the right password', async () => {
    const user = await buildUser(t.database.db);
    for (let i = 0; i < 10; i++) {
      const res = await login({ login: user.login, password: 'wrong-password' }, '10.0.1.1');
      expect(res.statusCode).toBe(422);
    }
    const res = await login({ login: user.login, password: DEFAULT_PASSWORD }, '10.0.1.1');
    expect(res.statusCode).toBe(429);
    expect(firstError(res)?.title).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    // Another address is not that attacker (docs/product.md §F4; lock-out.test.ts has the attacks).
    expect((await login({ login: user.login, password: DEFAULT_PASSWORD }, '10.0.2.1')).statusCode).toBe(200);
  });

  it('answers 429 after failures on 10 accounts from one address, whatever the account', async () => {
    for (let i = 0; i < 10; i++) await login({ login: `guess${i}`, password: 'wrong-password' }, '10.0.3.1');
    const user = await buildUser(t.database.db);
    expect((await login({ login: user.login, password: DEFAULT_PASSWORD }, '10.0.3.1')).statusCode).toBe(429);
    expect((await login({ login: user.login, password: DEFAULT_PASSWORD }, '10.0.3.2')).statusCode).toBe(200);
  });
});

describe('check and logout', () => {
  it('check answers 401 without a session and the user with one; logout revokes the token', async () => {
    expect((await t.app.inject({ url: '/api/authorization/check' })).statusCode).toBe(401);
    const user = await buildUser(t.database.db, { role: 'developer' });
    const { authorization } = await signIn(t.app, user.login);
    const check = await t.app.inject({ url: '/api/authorization/check', headers: { authorization } });
    expect(check.statusCode).toBe(200);
    expect(check.json().data.attributes.role).toBe('developer');
    expect(check.json().data.attributes).not.toHaveProperty('password-hash');
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/authorization/logout',
      headers: { authorization },
    });
    expect(out.statusCode).toBe(204);
    expect(
      (await t.app.inject({ url: '/api/authorization/check', headers: { authorization } })).statusCode,
    ).toBe(401);
  });

  it('authenticates by cookie and refuses cookie writes from a foreign origin', async () => {
    const user = await buildUser(t.database.db);
    const { token } = await signIn(t.app, user.login);
    const cookies = { dd_token: token };
    expect((await t.app.inject({ url: '/api/authorization/check', cookies })).statusCode).toBe(200);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: '/api/authorization/logout',
      cookies,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
  });
});
