// A signed-in session is read with the cache versions in one statement on every request
// (modules/auth/sessions.ts, ADR 0015; it was remembered in memory before). Whatever ends or changes a
// session, however it is written, must show in the very next request.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers, sessions, users } from '../../db/schema/index.ts';
import { buildProject, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const check = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/authorization/check', headers });
const roleOf = async (headers: Record<string, string>) => {
  const res = await check(headers);
  return res.statusCode === 200
    ? (res.json() as { data: { attributes: { role: string } } }).data.attributes.role
    : res.statusCode;
};

describe('a session seen before answers the next request with what the database says now', () => {
  it('follows a role change made directly in the database', async () => {
    const { user, headers } = await withSessionAs(t.database.db, 'developer');
    expect(await roleOf(headers)).toBe('developer');
    expect(await roleOf(headers)).toBe('developer');
    await t.database.db.update(users).set({ role: 'projectManager' }).where(eq(users.id, user.id));
    expect(await roleOf(headers)).toBe('projectManager');
  });

  it('refuses a deactivated user, a revoked session and a deleted session at once', async () => {
    const db = t.database.db;
    const a = await withSessionAs(db, 'client');
    const b = await withSessionAs(db, 'client');
    const c = await withSessionAs(db, 'client');
    for (const { headers } of [a, b, c]) expect((await check(headers)).statusCode).toBe(200);

    await db.update(users).set({ isActive: false }).where(eq(users.id, a.user.id));
    expect((await check(a.headers)).statusCode).toBe(401);

    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, b.user.id));
    expect((await check(b.headers)).statusCode).toBe(401);

    await db.execute(sql`delete from sessions where user_id = ${c.user.id}`);
    expect((await check(c.headers)).statusCode).toBe(401);
  });

  it('ends with logout', async () => {
    const db = t.database.db;
    const { user, headers } = await withSessionAs(db, 'admin');
    expect((await check(headers)).statusCode).toBe(200);
    const { authorization } = headers;
    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/api/authorization/logout',
      headers: { authorization },
    });
    expect(logout.statusCode).toBe(204);
    expect((await check(headers)).statusCode).toBe(401);

    expect(user.id).toBeGreaterThan(0);
  });

  it('ends when it expires, although no write moved a version', async () => {
    let now = Date.now();
    const clocked = await buildTestApp({ now: () => new Date(now) });
    try {
      const { headers } = await withSessionAs(clocked.database.db, 'admin');
      const at = () => clocked.app.inject({ method: 'GET', url: '/api/authorization/check', headers });
      expect((await at()).statusCode).toBe(200);
      now += 31 * 24 * 60 * 60 * 1000; // past the 30 days of a remembered session
      expect((await at()).statusCode).toBe(401);
    } finally {
      await clocked.close();
    }
  });
});

// The check's user document and the project page are read inside the auth hook's statement (ADR 0028):
// what they answer and whether they answer at all must follow the database on the very next request.
describe('a route read with the session follows the database at once', () => {
  it('the check answers the user as the database has it now', async () => {
    const { user, headers } = await withSessionAs(t.database.db, 'developer', { name: 'Before Name' });
    const name = async () =>
      ((await check(headers)).json() as { data: { attributes: { name: string } } }).data.attributes.name;
    expect(await name()).toBe('Before Name');
    await t.database.db.update(users).set({ name: 'After Name' }).where(eq(users.id, user.id));
    expect(await name()).toBe('After Name');
  });

  it('the project page refuses a client removed from the project, a role change, logout and deactivation', async () => {
    const db = t.database.db;
    const page = (id: number | string, headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/project/${id}?include=client`, headers });
    const member = await withSessionAs(db, 'client');
    const project = await buildProject(db, { ownerId: member.user.id });
    const other = await withSessionAs(db, 'client');
    await db.insert(projectMembers).values({ projectId: project.id, userId: other.user.id, kind: 'client' });
    expect((await page(project.id, other.headers)).statusCode).toBe(200);
    await db.delete(projectMembers).where(eq(projectMembers.userId, other.user.id));
    expect((await page(project.id, other.headers)).statusCode).toBe(403);

    const staff = await withSessionAs(db, 'admin');
    expect((await page(project.id, staff.headers)).statusCode).toBe(200);
    await db.update(users).set({ role: 'client' }).where(eq(users.id, staff.user.id));
    expect((await page(project.id, staff.headers)).statusCode).toBe(403);

    expect((await page(project.id, member.headers)).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'DELETE',
      url: '/api/authorization/logout',
      headers: member.headers,
    });
    expect(logout.statusCode).toBe(204);
    expect((await page(project.id, member.headers)).statusCode).toBe(401);

    const admin = await withSessionAs(db, 'admin');
    expect((await page(project.id, admin.headers)).statusCode).toBe(200);
    await db.update(users).set({ isActive: false }).where(eq(users.id, admin.user.id));
    expect((await page(project.id, admin.headers)).statusCode).toBe(401);
  });

  it('the project page keeps its 404 and 400 with a session', async () => {
    const { headers } = await withSessionAs(t.database.db, 'admin');
    const get = (id: string) => t.app.inject({ method: 'GET', url: `/api/project/${id}`, headers });
    expect((await get('999999999')).statusCode).toBe(404);
    expect((await get('abc')).statusCode).toBe(400);
  });
});
