import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, users } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';
import { buildProject, signedInAs } from '../../test/factories.ts';
import { buildTestApp, firstError, JSON_API, type TestApp } from '../../test/test-app.ts';

/**
 * Personal access tokens (ADR 0052) and the attacks on them: a token acts as its owner and never more; a
 * read-only token cannot write; a revoked or expired token, or one of a deactivated owner, answers 401 on
 * the very next request; a token cannot make, list or revoke tokens, nor open an event stream; nobody
 * revokes someone else's token but an admin; only a hash is stored.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const inAYear = () => new Date(Date.now() + 300 * 24 * 3600 * 1000).toISOString();
const body = (attributes: Record<string, unknown>) => ({ data: { type: 'access-token', attributes } });

async function makeToken(headers: Headers, attributes: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/access-token',
    headers,
    payload: body({ name: 'CI', scope: 'write', 'expires-at': inAYear(), ...attributes }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const data = (res.json() as { data: { id: string; attributes: { token: string; scope: string } } }).data;
  return {
    id: data.id,
    token: data.attributes.token,
    bearer: { authorization: `Bearer ${data.attributes.token}` },
  };
}

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: payload ? { ...headers, 'content-type': JSON_API } : headers,
    ...(payload ? { payload } : {}),
  });

describe('personal access tokens', () => {
  it('shows the secret once, stores only its hash, and lists the token without it', async () => {
    const { headers } = await signedInAs(t.app, t.database.db, 'developer');
    const { id, token } = await makeToken(headers, { name: 'Zapier' });
    expect(token).toMatch(/^ddpat_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.id, Number(id)));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const list = await call('GET', '/api/access-token/search', headers);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token);
    const names = (list.json() as { data: Array<{ attributes: { name: string } }> }).data.map(
      (d) => d.attributes.name,
    );
    expect(names).toEqual(['Zapier']);
  });

  it("acts with its owner's role and never more; records when it was last used", async () => {
    const { user, headers } = await signedInAs(t.app, t.database.db, 'client');
    const project = await buildProject(t.database.db, { ownerId: user.id });
    const { id, bearer } = await makeToken(headers);
    expect((await call('GET', '/api/authorization/check', bearer)).statusCode).toBe(200);
    expect((await call('GET', `/api/project/${project.id}`, bearer)).statusCode).toBe(200);
    // A client's token is a client: no admin list, no one else's project.
    expect((await call('GET', '/api/user/search', bearer)).statusCode).toBe(403);
    const other = await buildProject(t.database.db);
    expect([403, 404]).toContain((await call('GET', `/api/project/${other.id}`, bearer)).statusCode);
    const [row] = await t.database.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.id, Number(id)));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('a read-only token reads but cannot write', async () => {
    const { headers } = await signedInAs(t.app, t.database.db, 'projectManager');
    const { bearer } = await makeToken(headers, { scope: 'read' });
    expect((await call('GET', '/api/notification/search', bearer)).statusCode).toBe(200);
    const write = await call('POST', '/api/notification/read', bearer, {
      data: { type: 'notification-read', attributes: { all: true } },
    });
    expect(write.statusCode).toBe(403);
    expect(firstError(write)?.title).toBe('This access token is read-only');
  });

  it('a revoked token answers 401 on the very next request', async () => {
    const { headers } = await signedInAs(t.app, t.database.db, 'developer');
    const { id, bearer } = await makeToken(headers);
    expect((await call('GET', '/api/authorization/check', bearer)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/access-token/${id}`, headers)).statusCode).toBe(204);
    expect((await call('GET', '/api/notification/search', bearer)).statusCode).toBe(401);
    expect((await call('GET', '/api/access-token/search', headers)).json()).toMatchObject({ data: [] });
  });

  it('an expired token answers 401, and an expiry in the past or beyond a year is refused', async () => {
    const { headers } = await signedInAs(t.app, t.database.db, 'developer');
    const { id, bearer } = await makeToken(headers);
    await t.database.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.id, Number(id)));
    expect((await call('GET', '/api/notification/search', bearer)).statusCode).toBe(401);
    for (const when of [new Date(Date.now() - 60_000), new Date(Date.now() + 400 * 24 * 3600 * 1000)]) {
      const res = await call(
        'POST',
        '/api/access-token',
        headers,
        body({ name: 'x', scope: 'read', 'expires-at': when.toISOString() }),
      );
      expect(res.statusCode).toBe(422);
      expect(firstError(res)?.source).toEqual({ pointer: '/data/attributes/expires-at' });
    }
    const bad = await call(
      'POST',
      '/api/access-token',
      headers,
      body({ name: ' ', scope: 'admin', 'expires-at': 'soon' }),
    );
    expect(bad.statusCode).toBe(422);
  });

  it("a deactivated owner's tokens stop working at once", async () => {
    const { user, headers } = await signedInAs(t.app, t.database.db, 'accountManager');
    const { bearer } = await makeToken(headers);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await call('GET', '/api/notification/search', bearer)).statusCode).toBe(401);
  });

  it('a token cannot make, list or revoke tokens, nor open an event stream', async () => {
    const { headers } = await signedInAs(t.app, t.database.db, 'admin');
    const { id, bearer } = await makeToken(headers);
    const refused = [
      await call(
        'POST',
        '/api/access-token',
        bearer,
        body({ name: 'more', scope: 'write', 'expires-at': inAYear() }),
      ),
      await call('GET', '/api/access-token/search', bearer),
      await call('DELETE', `/api/access-token/${id}`, bearer),
      await call('GET', '/api/events', bearer),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    expect(firstError(refused[0]!)?.title).toBe('An access token cannot do this: sign in instead');
  });

  it("nobody but an admin sees or revokes someone else's token", async () => {
    const owner = await signedInAs(t.app, t.database.db, 'projectManager');
    const intruder = await signedInAs(t.app, t.database.db, 'accountManager');
    const admin = await signedInAs(t.app, t.database.db, 'superAdmin');
    const { id, bearer } = await makeToken(owner.headers, { name: 'Owner token' });

    expect((await call('DELETE', `/api/access-token/${id}`, intruder.headers)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/access-token/search?filter[user_id]=${owner.user.id}`, intruder.headers))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('GET', '/api/access-token/search?filter[user_id]=all', intruder.headers)).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/authorization/check', bearer)).statusCode).toBe(200);

    const seen = await call('GET', '/api/access-token/search?filter[user_id]=all', admin.headers);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      data: expect.arrayContaining([
        expect.objectContaining({
          id,
          attributes: expect.objectContaining({ name: 'Owner token', 'user-id': owner.user.id }),
        }),
      ]),
    });
    expect((await call('DELETE', `/api/access-token/${id}`, admin.headers)).statusCode).toBe(204);
    expect((await call('GET', '/api/authorization/check', bearer)).statusCode).toBe(401);
  });
});
