import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/factories.ts';
import { buildTestApp, JSON_API, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let authorization: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ authorization } = await signIn(t.app, 'root@example.com', 'root-pass-123'));
});
afterAll(() => t.close());

describe('bad input gets a 4xx JSON:API error, never a 500', () => {
  it('malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authorization/login',
      headers: { 'content-type': JSON_API },
      payload: '{"data": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].status).toBe('400');
  });

  it('a 40 MB body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/authorization/login',
      headers: { 'content-type': JSON_API },
      payload: `{"x":"${'a'.repeat(40 * 1024 * 1024)}"}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0].title).toBe('Request body is too large');
  });

  it('an include of passwordHash', async () => {
    const res = await t.app.inject({ url: '/api/user/1?include=passwordHash', headers: { authorization } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].source).toEqual({ parameter: 'include' });
  });

  it('an unknown API route', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].status).toBe('404');
  });

  it('a non-numeric id', async () => {
    const res = await t.app.inject({ url: '/api/user/abc', headers: { authorization } });
    expect(res.statusCode).toBe(400);
  });

  it('keeps serving afterwards', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });

  it('requires a listed application key when APP_KEYS is set', async () => {
    const keyed = await buildTestApp({ appKeys: ['web'] });
    try {
      expect((await keyed.app.inject({ url: '/api/project-size' })).statusCode).toBe(401);
      const ok = await keyed.app.inject({
        url: '/api/project-size',
        headers: { 'x-application-key': 'web' },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.length).toBeGreaterThan(0);
    } finally {
      await keyed.close();
    }
  });
});
