import { ROLES, type Role } from '@dd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers, sprints, tasks } from '../../db/schema/index.ts';
import { buildProject, signedInAs } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * GET /project/{id}/progress (docs/product.md §F5): the client-facing progress card's counts. Role rows written
 * out by hand: whoever may read the project (every role as owner, staff as non-owner), never another
 * client; only counts leave the board.
 */
const STAFF: Role[] = [
  'superAdmin',
  'admin',
  'accountManager',
  'developer',
  'projectManager',
  'readonlyManager',
  'assistant',
];
const ALLOWED: { owner: Role[]; nonOwner: Role[] } = { owner: [...ROLES], nonOwner: STAFF };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A finished sprint, the started one (the current), and a newer unstarted one; tasks in each. */
async function boardOf(projectId: number) {
  const { db } = t.database;
  const [finished] = await db
    .insert(sprints)
    .values({ projectId, sprintStatusId: 3, startedAt: new Date(), finishedAt: new Date() })
    .returning();
  const [started] = await db
    .insert(sprints)
    .values({ projectId, sprintStatusId: 2, startedAt: new Date('2026-11-02T09:00:00Z') })
    .returning();
  const [planned] = await db.insert(sprints).values({ projectId }).returning();
  const task = (sprintId: number | null, taskStatusId: number, title: string) => ({
    projectId,
    sprintId,
    taskStatusId,
    title,
  });
  await db
    .insert(tasks)
    .values([
      task(finished!.id, 5, 'old accepted'),
      task(started!.id, 1, 'Internal secret title'),
      task(started!.id, 2, 'b'),
      task(started!.id, 4, 'c'),
      task(started!.id, 5, 'd'),
      task(started!.id, 5, 'e'),
      task(planned!.id, 5, 'planned'),
      task(null, 1, 'new task'),
    ]);
}

describe.each(ROLES.flatMap((role) => [[role, true] as const, [role, false] as const]))(
  'GET /project/{id}/progress as %s (owner: %s)',
  (role, owner) => {
    it(
      ALLOWED[owner ? 'owner' : 'nonOwner'].includes(role) ? 'answers the counts' : 'is refused',
      async () => {
        const { db } = t.database;
        const { user, headers } = await signedInAs(t.app, db, role);
        const project = await buildProject(db, owner ? { ownerId: user.id } : {});
        if (!owner && role !== 'client')
          await db
            .insert(projectMembers)
            .values({ projectId: project.id, userId: user.id, kind: 'observer' });
        await boardOf(project.id);
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/project/${project.id}/progress`,
          headers: { authorization: headers.authorization },
        });
        if (!ALLOWED[owner ? 'owner' : 'nonOwner'].includes(role)) {
          expect(res.statusCode).toBe(403);
          return;
        }
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toEqual({
          type: 'project-progress',
          id: String(project.id),
          attributes: { 'sprint-started': '2026-11-02T09:00:00.000Z', total: 5, delivered: 1, accepted: 2 },
        });
        expect(res.body).not.toContain('Internal secret title');
      },
    );
  },
);

describe('GET /project/{id}/progress', () => {
  it('answers zeros and no start when no sprint has started (a new sprint is not the current one)', async () => {
    const { db } = t.database;
    const { user, headers } = await signedInAs(t.app, db, 'client');
    const project = await buildProject(db, { ownerId: user.id });
    const [planned] = await db.insert(sprints).values({ projectId: project.id }).returning();
    await db
      .insert(tasks)
      .values({ projectId: project.id, sprintId: planned!.id, title: 'x', taskStatusId: 5 });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/project/${project.id}/progress`,
      headers: { authorization: headers.authorization },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toEqual({
      'sprint-started': null,
      total: 0,
      delivered: 0,
      accepted: 0,
    });
  });

  it('refuses an anonymous caller and answers 404 for a missing project', async () => {
    const { db } = t.database;
    const project = await buildProject(db);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/project/${project.id}/progress` })).statusCode,
    ).toBe(401);
    const { headers } = await signedInAs(t.app, db, 'admin');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/project/2147483647/progress',
      headers: { authorization: headers.authorization },
    });
    expect(missing.statusCode).toBe(404);
  });
});
