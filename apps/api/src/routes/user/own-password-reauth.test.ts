import { LOGIN_FAILURE_LIMIT } from '@dd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../modules/auth/sessions.ts';
import { DEFAULT_PASSWORD, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, firstError, JSON_API, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 41 finding 3 (ASVS 5.0 V6.2.3): a user's own new password needs their current password, so a
 * stolen session cannot take the account over and sign its owner out everywhere (docs/product.md §F4).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let ip = 0;
const setOwnPassword = (
  id: number,
  attributes: Record<string, unknown>,
  headers: Record<string, string>,
  from?: string,
) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/user/${id}`,
    remoteAddress: from ?? `10.45.0.${++ip % 250}`,
    headers: { ...headers, 'content-type': JSON_API },
    payload: { data: { type: 'user', id: String(id), attributes } },
  });
const me = (headers: Record<string, string>) => t.app.inject({ url: '/api/authorization/check', headers });
const POINTER = '/data/attributes/current-password';

describe('own password change needs the current password', () => {
  it('a stolen session without the current password changes nothing and signs no one out', async () => {
    const { user, headers } = await withSessionAs(t.database.db, 'client');
    const other = await createSession(t.database.db, { userId: user.id, remember: true, now: new Date() });
    const res = await setOwnPassword(user.id, { password: 'attacker-chose-1' }, headers);
    expect(res.statusCode).toBe(422);
    expect(firstError(res)?.source?.pointer).toBe(POINTER);
    expect(firstError(res)?.title).toBe('Please enter your current password.');
    expect((await me({ authorization: `Bearer ${other.token}` })).statusCode).toBe(200);
  });

  it('a wrong current password is refused on its field, and guessing is throttled like sign-in', async () => {
    const { user, headers } = await withSessionAs(t.database.db, 'client');
    const from = '10.46.0.1';
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      const res = await setOwnPassword(
        user.id,
        { password: 'new-pass-1', 'current-password': `guess-${i}` },
        headers,
        from,
      );
      expect(res.statusCode).toBe(422);
      expect(firstError(res)?.source?.pointer).toBe(POINTER);
      expect(firstError(res)?.title).toBe('Sorry, password is incorrect');
    }
    const throttled = await setOwnPassword(
      user.id,
      { password: 'new-pass-1', 'current-password': DEFAULT_PASSWORD },
      headers,
      from,
    );
    expect(throttled.statusCode).toBe(429);
  }, 60_000);

  it('with the right current password: saved, this session kept, the others ended', async () => {
    const { user, headers } = await withSessionAs(t.database.db, 'client');
    const other = await createSession(t.database.db, { userId: user.id, remember: true, now: new Date() });
    const res = await setOwnPassword(
      user.id,
      { password: 'new-pass-41', 'current-password': DEFAULT_PASSWORD },
      headers,
    );
    expect(res.statusCode).toBe(200);
    expect((await me(headers)).statusCode).toBe(200);
    expect((await me({ authorization: `Bearer ${other.token}` })).statusCode).toBe(401);
  });
});
