import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, DEFAULT_PASSWORD } from '../../test/factories.ts';
import { buildTestApp, firstError, JSON_API, type TestApp } from '../../test/test-app.ts';

// Issue 11 finding 3: failures are counted per (account, address) and per address (OWASP), so an
// attacker elsewhere cannot lock a user out, and one address guessing across accounts is throttled.
let t: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  proxied = await buildTestApp({ trustProxy: true });
});
afterAll(async () => {
  await t.close();
  await proxied.close();
});

const TOO_MANY = 'Too many failed sign-in attempts. Please try again in 15 minutes.';

const login = (app: TestApp, login: string, password: string, from: { ip?: string; xff?: string }) =>
  app.app.inject({
    method: 'POST',
    url: '/api/authorization/login',
    remoteAddress: from.ip ?? '127.0.0.1',
    headers: { 'content-type': JSON_API, ...(from.xff ? { 'x-forwarded-for': from.xff } : {}) },
    payload: { data: { type: 'user', attributes: { login, password } } },
  });

describe('sign-in throttling cannot be turned into a lock-out', () => {
  it('failures from 12 foreign addresses (5 each) do not stop the user at their usual address', async () => {
    const victim = await buildUser(t.database.db);
    const usual = '10.60.0.1';
    expect((await login(t, victim.login, DEFAULT_PASSWORD, { ip: usual })).statusCode).toBe(200);
    const answers: number[] = [];
    for (let a = 0; a < 12; a++) {
      for (let i = 0; i < 5; i++)
        answers.push((await login(t, victim.email, `guess-${a}-${i}`, { ip: `10.61.${a}.1` })).statusCode);
    }
    // Every guess was answered (wrong password, or throttled once an address used its tries).
    expect(answers.every((status) => status === 422 || status === 429)).toBe(true);
    expect(answers.filter((status) => status === 422).length).toBeGreaterThanOrEqual(50);
    // The attacker's addresses are throttled for this account...
    const attacker = await login(t, victim.login, 'one-more-guess', { ip: '10.61.0.1' });
    expect(attacker.statusCode).toBe(429);
    expect(firstError(attacker)?.title).toBe(TOO_MANY);
    // ...the user is not: from the usual address, and from an address with no failures.
    expect((await login(t, victim.login, DEFAULT_PASSWORD, { ip: usual })).statusCode).toBe(200);
    expect((await login(t, victim.login, DEFAULT_PASSWORD, { ip: '10.62.0.1' })).statusCode).toBe(200);
  }, 90_000);

  it('an account failing 50 times from everywhere leaves each failing address 3 tries, clean ones all', async () => {
    const victim = await buildUser(t.database.db);
    for (let a = 0; a < 10; a++) {
      for (let i = 0; i < 5; i++) await login(t, victim.login, `spray-${a}-${i}`, { ip: `10.66.${a}.1` });
    }
    const late = '10.66.99.1';
    for (let i = 0; i < 3; i++)
      expect((await login(t, victim.login, `late-${i}`, { ip: late })).statusCode).toBe(422);
    expect((await login(t, victim.login, `late-4`, { ip: late })).statusCode).toBe(429);
    expect((await login(t, victim.login, DEFAULT_PASSWORD, { ip: '10.66.100.1' })).statusCode).toBe(200);
  }, 90_000);

  it('the same behind a proxy: rotating X-Forwarded-For addresses do not lock the user out', async () => {
    const victim = await buildUser(proxied.database.db);
    for (let a = 0; a < 11; a++) {
      for (let i = 0; i < 5; i++)
        await login(proxied, victim.login, `guess-${a}-${i}`, { xff: `203.0.113.${a + 1}` });
    }
    const res = await login(proxied, victim.login, DEFAULT_PASSWORD, { xff: '198.51.100.7' });
    expect(res.statusCode).toBe(200);
  }, 90_000);

  it("one user's mistakes do not block the colleagues who share their address", async () => {
    const clumsy = await buildUser(t.database.db);
    const colleague = await buildUser(t.database.db);
    const office = '10.63.0.1';
    for (let i = 0; i < 10; i++) await login(t, clumsy.login, `typo-${i}`, { ip: office });
    expect((await login(t, clumsy.login, DEFAULT_PASSWORD, { ip: office })).statusCode).toBe(429);
    expect((await login(t, colleague.login, DEFAULT_PASSWORD, { ip: office })).statusCode).toBe(200);
  });

  it('an address that fails on many accounts is throttled for every account; other addresses are not', async () => {
    const sprayer = '10.64.0.1';
    const targets = [];
    for (let i = 0; i < 10; i++) targets.push(await buildUser(t.database.db));
    for (const target of targets) {
      expect((await login(t, target.login, 'Summer2026!', { ip: sprayer })).statusCode).toBe(422);
    }
    const next = await buildUser(t.database.db);
    const blocked = await login(t, next.login, DEFAULT_PASSWORD, { ip: sprayer });
    expect(blocked.statusCode).toBe(429);
    expect(firstError(blocked)).toEqual({
      status: '429',
      code: 'too_many_requests',
      title: TOO_MANY,
      source: { pointer: '/data/attributes/password' },
    });
    expect((await login(t, next.login, DEFAULT_PASSWORD, { ip: '10.64.0.2' })).statusCode).toBe(200);
    expect((await login(t, targets[0]!.login, DEFAULT_PASSWORD, { ip: '10.64.0.3' })).statusCode).toBe(200);
  });

  it('unknown accounts count like known ones, so the 429 tells nothing about who exists', async () => {
    const from = '10.65.0.1';
    for (let i = 0; i < 10; i++) await login(t, `ghost${i}@example.com`, 'guess-pass', { ip: from });
    const known = await buildUser(t.database.db);
    expect((await login(t, 'ghost-next@example.com', 'guess-pass', { ip: from })).statusCode).toBe(429);
    expect((await login(t, known.login, 'guess-pass', { ip: from })).statusCode).toBe(429);
  });
});
