// ADR 0015, ADR 0028: the two hottest reads cost the auth hook's one statement, which carries their own
// read too, whatever the includes ask for. Counted as node-postgres sees them (every Client.query call of the process).

import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { projectMembers, users } from '../../db/schema/index.ts';
import { buildFile, buildProject, buildUser, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** The status of a GET and how many queries it sent. */
async function queriesOf(url: string, headers: Record<string, string>) {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  const res = await t.app.inject({ method: 'GET', url, headers });
  const count = spy.mock.calls.length;
  spy.mockRestore();
  return { status: res.statusCode, count, body: res.json() };
}

const PAGE_INCLUDES = 'owner,company,types,tech,client,developer,project-manager,account-manager,file,link';

describe('round trips per request', () => {
  it('GET /authorization/check: one statement, the user document read with the session', async () => {
    const { user, headers } = await withSessionAs(t.database.db, 'superAdmin', { phone: '5550199' });
    await buildProject(t.database.db, { ownerId: user.id });
    const { status, count, body } = await queriesOf('/api/authorization/check', headers);
    expect(status).toBe(200);
    expect(body.data.relationships.ownProject.data).toHaveLength(1);
    expect(count).toBe(1);
  });

  it('GET /project/{id} with the page includes: one statement, the page read with the session', async () => {
    const db = t.database.db;
    const { headers } = await withSessionAs(db, 'superAdmin');
    const project = await buildProject(db);
    const developer = await buildUser(db, { role: 'developer' });
    await db
      .insert(projectMembers)
      .values({ projectId: project.id, userId: developer.id, kind: 'developer' });
    await buildFile(db, { projectId: project.id });
    const { status, count, body } = await queriesOf(
      `/api/project/${project.id}?include=${PAGE_INCLUDES}`,
      headers,
    );
    expect(status).toBe(200);
    expect(body.included.map((r: { type: string }) => r.type).sort()).toEqual(['file', 'user', 'user']);
    expect(count).toBe(1);
  });

  it('GET /project/{id}/deliveries and /report kept per version: one statement, the version read with the session (docs/adr/0032)', async () => {
    const db = t.database.db;
    const { user, headers } = await withSessionAs(db, 'client');
    const project = await buildProject(db, { ownerId: user.id });
    for (const url of [`/api/project/${project.id}/deliveries`, `/api/project/${project.id}/report`]) {
      const first = await queriesOf(url, headers);
      expect(first.status, url).toBe(200);
      const kept = await queriesOf(url, headers);
      expect(kept.status, url).toBe(200);
      expect(kept.body, url).toEqual(first.body);
      expect(kept.count, url).toBe(1);
    }
  });

  it("a client's read writes the last visited project only when it changes", async () => {
    const db = t.database.db;
    const { user, headers } = await withSessionAs(db, 'client');
    const first = await buildProject(db, { ownerId: user.id });
    const second = await buildProject(db, { ownerId: user.id });
    const lastVisited = async () =>
      (await db.select({ id: users.lastProjectId }).from(users).where(eq(users.id, user.id)))[0]?.id;
    expect((await queriesOf(`/api/project/${first.id}`, headers)).count).toBe(2);
    expect(await lastVisited()).toBe(first.id);
    const again = await queriesOf(`/api/project/${first.id}`, headers);
    expect(again.status).toBe(200);
    expect(again.count).toBe(1);
    expect((await queriesOf(`/api/project/${second.id}`, headers)).count).toBe(2);
    expect(await lastVisited()).toBe(second.id);
    expect((await queriesOf(`/api/project/${first.id}`, headers)).count).toBe(2);
    expect(await lastVisited()).toBe(first.id);
  });

  it('an unknown token still costs one statement and answers 401', async () => {
    const { status, count } = await queriesOf('/api/authorization/check', {
      authorization: 'Bearer not-a-session-token',
    });
    expect(status).toBe(401);
    expect(count).toBe(1);
  });
});
