import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, DEFAULT_PASSWORD, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, firstError, JSON_API, type TestApp } from '../../test/test-app.ts';

/** Smaller holes of the second security round, each written as the request that showed it. */
const login = (t: TestApp, login: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/authorization/login',
    headers: { 'content-type': JSON_API, ...headers },
    payload: { data: { type: 'user', attributes: { login, password: DEFAULT_PASSWORD, remember: '1' } } },
  });
const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie'] ?? '');

describe('the session cookie is Secure behind a TLS proxy', () => {
  let proxied: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    // PUBLIC_URL left at its http default, as behind a proxy that terminates TLS.
    proxied = await buildTestApp({ publicUrl: 'http://localhost:3000', trustProxy: true });
    direct = await buildTestApp({ publicUrl: 'http://localhost:3000', trustProxy: false });
  });
  afterAll(async () => {
    await proxied.close();
    await direct.close();
  });

  it('with TRUST_PROXY, X-Forwarded-Proto: https makes the cookie Secure', async () => {
    const user = await buildUser(proxied.database.db);
    const res = await login(proxied, user.login, { 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res)).toMatch(/; Secure/);
    const plain = await login(proxied, user.login);
    expect(cookieOf(plain)).not.toMatch(/; Secure/);
  });

  it('without TRUST_PROXY the header is not believed', async () => {
    const user = await buildUser(direct.database.db);
    const res = await login(direct, user.login, { 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res)).not.toMatch(/; Secure/);
  });
});

describe('an out-of-range project id in a keyed filter names the bad value', () => {
  let t: TestApp;
  let staff: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    staff = (await withSessionAs(t.database.db, 'admin')).headers;
    await buildProject(t.database.db);
  });
  afterAll(() => t.close());

  it.each([
    '/api/project-update/search?filter[project_id]=99999999999',
    '/api/reminder-setting/search?filter[project_id]=99999999999',
  ])('%s', async (url) => {
    const res = await t.app.inject({ url, headers: staff });
    expect([400, 422]).toContain(res.statusCode);
    const error = firstError(res)!;
    expect(error.title).not.toMatch(/required/i);
    expect(error.source?.parameter).toBe('filter[project_id]');
    expect(`${error.title} ${(error as { detail?: string }).detail ?? ''}`).toContain('99999999999');
  });
});
