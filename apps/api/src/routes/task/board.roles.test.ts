import { ROLES, type Role } from '@dd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers, sprints, tags, taskComments, tasks } from '../../db/schema/index.ts';
import { buildProject, signedInAs } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { caller, projectFilter, sprintPatch, statusPatch, taskDoc } from './board-test-helpers.ts';

/**
 * Role-by-route table for every board call (docs/product.md §A1, §A6: the board is for staff, blocked for
 * readonlyManager; clients never use it). Written out by hand, not computed from can().
 */
const BOARD_ROLES: Role[] = [
  'superAdmin',
  'admin',
  'accountManager',
  'developer',
  'projectManager',
  'assistant',
];
const REFUSED: Role[] = ['readonlyManager', 'client'];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A project with a started sprint holding one task, a tag and a comment; the caller owns the project as client when a client. */
async function fixture(role: Role) {
  const { db } = t.database;
  const { user, headers } = await signedInAs(t.app, db, role);
  const project = await buildProject(db, role === 'client' ? { ownerId: user.id } : {});
  if (role !== 'client')
    await db.insert(projectMembers).values({ projectId: project.id, userId: user.id, kind: 'observer' });
  const [started] = await db
    .insert(sprints)
    .values({ projectId: project.id, sprintStatusId: 2, startedAt: new Date() })
    .returning();
  const [planned] = await db.insert(sprints).values({ projectId: project.id }).returning();
  const [task] = await db
    .insert(tasks)
    .values({ projectId: project.id, sprintId: started!.id, title: 'Task' })
    .returning();
  const [tag] = await db.insert(tags).values({ projectId: project.id, title: 'tag' }).returning();
  await db.insert(taskComments).values({ taskId: task!.id, body: 'hi', authorId: user.id });
  return {
    headers,
    projectId: project.id,
    startedId: started!.id,
    plannedId: planned!.id,
    taskId: task!.id,
    tagId: tag!.id,
  };
}

type Route = {
  name: string;
  call: (
    f: Awaited<ReturnType<typeof fixture>>,
  ) => [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown];
};

const ROUTES: Route[] = [
  {
    name: 'GET /sprint/search',
    call: (f) => [
      'GET',
      `/api/sprint/search?include=task,project&${projectFilter(f.projectId)}&page[size]=0`,
    ],
  },
  {
    name: 'POST /sprint/create',
    call: (f) => [
      'POST',
      '/api/sprint/create',
      { data: { type: 'sprint', attributes: { project_id: f.projectId } } },
    ],
  },
  {
    name: 'PATCH /sprint/{id} (start)',
    call: (f) => ['PATCH', `/api/sprint/${f.plannedId}`, sprintPatch(2)],
  },
  {
    name: 'GET /task/search',
    call: (f) => ['GET', `/api/task/search?include=owner,requester,tag&${projectFilter(f.projectId)}`],
  },
  { name: 'GET /task/{id}', call: (f) => ['GET', `/api/task/${f.taskId}`] },
  {
    name: 'POST /task/create',
    call: (f) => ['POST', '/api/task/create', taskDoc(f.projectId, { title: 'New' })],
  },
  { name: 'PATCH /task/{id}', call: (f) => ['PATCH', `/api/task/${f.taskId}`, statusPatch(2)] },
  { name: 'GET /tag/search', call: (f) => ['GET', `/api/tag/search?${projectFilter(f.projectId)}`] },
  {
    name: 'POST /tag/create',
    call: (f) => [
      'POST',
      '/api/tag/create',
      { data: { type: 'tag', attributes: { title: 'new', project_id: f.projectId } } },
    ],
  },
  {
    name: 'PATCH /tag/{id}',
    call: (f) => [
      'PATCH',
      `/api/tag/${f.tagId}`,
      { data: { type: 'tag', attributes: { title: 'renamed' } } },
    ],
  },
  {
    name: 'GET /task-comment/search',
    call: (f) => [
      'GET',
      `/api/task-comment/search?filter[0][0]==&filter[0][1]=task.id&filter[0][2]=${f.taskId}`,
    ],
  },
  {
    name: 'POST /task-comment/create',
    call: (f) => [
      'POST',
      '/api/task-comment/create',
      { data: { type: 'task-comment', attributes: { body: 'ok', task_id: f.taskId } } },
    ],
  },
  {
    name: 'GET /page-tasks/sidebar',
    call: (f) => ['GET', `/api/page-tasks/sidebar?project_id=${f.projectId}`],
  },
  {
    name: 'GET /project-history/search',
    call: (f) => ['GET', `/api/project-history/search?project_id=${f.projectId}`],
  },
  {
    name: 'PATCH /sprint/{id} (finish)',
    call: (f) => ['PATCH', `/api/sprint/${f.startedId}`, sprintPatch(3, 'new-tasks')],
  },
  { name: 'DELETE /tag/{id}', call: (f) => ['DELETE', `/api/tag/${f.tagId}`] },
];

describe.each(ROLES)('board calls as %s', (role) => {
  const allowed = BOARD_ROLES.includes(role);
  it(`${allowed ? 'may' : 'may not (403)'} call every board route`, async () => {
    expect(allowed || REFUSED.includes(role)).toBe(true);
    const f = await fixture(role);
    const call = caller(t.app, f.headers);
    for (const route of ROUTES) {
      const [method, url, body] = route.call(f);
      const res = await call(method, url, body);
      if (allowed) expect(res.statusCode, `${route.name}: ${res.body}`).toBeLessThan(300);
      else expect(res.statusCode, route.name).toBe(403);
    }
  });
});

it('refuses anonymous callers (401) on every board route', async () => {
  const f = await fixture('developer');
  const call = caller(t.app, {});
  for (const route of ROUTES) {
    const [method, url, body] = route.call(f);
    expect((await call(method, url, body)).statusCode, route.name).toBe(401);
  }
});
