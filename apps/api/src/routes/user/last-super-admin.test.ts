import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createSession } from '../../modules/auth/sessions.ts';
import { withSessionAs } from '../../test/factories.ts';
import { buildTestApp, JSON_API, type TestApp } from '../../test/test-app.ts';

/** The last active superAdmin can be neither deactivated nor demoted, not even by racing requests. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const activeSuperAdmins = async () =>
  (
    await t.database.db
      .select({ id: users.id, isActive: users.isActive })
      .from(users)
      .where(eq(users.role, 'superAdmin'))
  )
    .filter((u) => u.isActive)
    .map((u) => u.id);

const edit = (user: { name: string; login: string; email: string }, role: string) => ({
  data: {
    type: 'user',
    attributes: { name: user.name, login: user.login, email: user.email, phone: '', role },
  },
});

describe('the last superAdmin', () => {
  it('two superAdmins deactivating each other at once leave one of them', async () => {
    const db = t.database.db;
    const a = await withSessionAs(db, 'superAdmin');
    const b = await withSessionAs(db, 'superAdmin');
    // Only these two remain: the bootstrap superAdmin is deactivated first.
    for (const id of await activeSuperAdmins())
      if (id !== a.user.id && id !== b.user.id)
        expect(
          (await t.app.inject({ method: 'DELETE', url: `/api/user/${id}`, headers: a.headers })).statusCode,
        ).toBe(204);
    const answers = await Promise.all([
      t.app.inject({ method: 'DELETE', url: `/api/user/${b.user.id}`, headers: a.headers }),
      t.app.inject({ method: 'DELETE', url: `/api/user/${a.user.id}`, headers: b.headers }),
    ]);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(204);
    expect([401, 403, 422]).toContain(statuses[1]);
    expect(await activeSuperAdmins()).toHaveLength(1);
  });

  it('the last superAdmin cannot demote themselves, nor be demoted or deactivated', async () => {
    const db = t.database.db;
    const [last] = await activeSuperAdmins();
    const [row] = await db.select().from(users).where(eq(users.id, last!));
    const { token } = await createSession(db, { userId: last!, remember: false, now: new Date() });
    const headers = { authorization: `Bearer ${token}`, 'content-type': JSON_API };
    const demote = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${last}`,
      headers,
      payload: edit(row!, 'admin'),
    });
    expect(demote.statusCode, demote.body).toBe(422);
    expect(demote.json().errors[0].title).toBe('The last Grand admin cannot be removed or demoted');
    const admin = await withSessionAs(db, 'admin');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/user/${last}`, headers: admin.headers })).statusCode,
    ).toBe(403);
    expect(await activeSuperAdmins()).toEqual([last]);
  });
});
