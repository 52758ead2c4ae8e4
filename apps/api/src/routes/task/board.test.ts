import { BOARD_MESSAGES, SPRINT_STATUS } from '@dd/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents, projectEvents, projectMembers, sprints } from '../../db/schema/index.ts';
import { placeOnly } from '../../modules/board/task-order.ts';
import { buildProject, signedInAs } from '../../test/factories.ts';
import { buildTestApp, firstError, type TestApp } from '../../test/test-app.ts';
import {
  type Call,
  caller,
  projectFilter,
  sprintPatch,
  sprintRef,
  statusPatch,
  taskDoc,
} from './board-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Doc = {
  data: { id: string; attributes: Record<string, unknown>; relationships: Record<string, { data: unknown }> };
};
type ListDoc = { data: Doc['data'][]; meta: Record<string, number>; included?: Doc['data'][] };

async function board() {
  const { db } = t.database;
  const { user, headers } = await signedInAs(t.app, db, 'projectManager');
  const project = await buildProject(db);
  await db.insert(projectMembers).values({ projectId: project.id, userId: user.id, kind: 'projectManager' });
  const call = caller(t.app, headers);
  const sprint = async () => {
    const res = await call('POST', '/api/sprint/create', {
      data: { type: 'sprint', attributes: { project_id: project.id } },
    });
    expect(res.statusCode).toBe(201);
    return Number((res.json() as Doc).data.id);
  };
  const task = async (title: string, sprintId: number | null = null, extra: Record<string, unknown> = {}) => {
    const res = await call(
      'POST',
      '/api/task/create',
      taskDoc(project.id, { title, ...extra }, { sprint: sprintRef(sprintId) }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return Number((res.json() as Doc).data.id);
  };
  return { user, project, call, sprint, task };
}

const attrs = async (call: Call, taskId: number) =>
  ((await call('GET', `/api/task/${taskId}`)).json() as Doc).data.attributes;

async function columnOrder(call: Call, projectId: number, sprintId: number | null) {
  const res = await call('GET', `/api/task/search?${projectFilter(projectId)}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as ListDoc).data
    .filter(
      (d) =>
        ((d.relationships.sprint?.data as { id: string } | null)?.id ?? null) ===
        (sprintId === null ? null : String(sprintId)),
    )
    .sort((a, b) => Number(a.attributes.position) - Number(b.attributes.position))
    .map((d) => d.attributes.title);
}

describe('sprints', () => {
  it('creates a sprint without a start, starts it (status 2, started time) and finishes it (status 3)', async () => {
    const { call, project, sprint } = await board();
    const id = await sprint();
    let list = (
      await call('GET', `/api/sprint/search?include=task,project&${projectFilter(project.id)}&page[size]=0`)
    ).json() as ListDoc;
    expect(list.data[0]!.attributes).toMatchObject({ 'sprint-status-id': 1, started: null, finished: null });

    const started = await call('PATCH', `/api/sprint/${id}`, sprintPatch(2));
    expect(started.statusCode).toBe(200);
    expect((started.json() as Doc).data.attributes['sprint-status-id']).toBe(2);
    expect((started.json() as Doc).data.attributes.started).toEqual(expect.any(String));

    const again = await call('PATCH', `/api/sprint/${id}`, sprintPatch(2));
    expect(again.statusCode).toBe(422);
    expect(firstError(again)!.title).toBe('Only a new sprint can start');

    const finished = await call('PATCH', `/api/sprint/${id}`, sprintPatch(3));
    expect(finished.statusCode).toBe(200);
    list = (await call('GET', `/api/sprint/search?${projectFilter(project.id)}`)).json() as ListDoc;
    expect(list.data[0]!.attributes).toMatchObject({ 'sprint-status-id': 3, finished: expect.any(String) });
  });

  it('refuses to finish a sprint that never started', async () => {
    const { call, sprint } = await board();
    const res = await call('PATCH', `/api/sprint/${await sprint()}`, sprintPatch(3));
    expect(res.statusCode).toBe(422);
    expect(firstError(res)!.title).toBe('Only a started sprint can finish');
  });

  it('on finish keeps accepted tasks (Done) and moves the rest back to New Tasks', async () => {
    const { call, project, sprint, task } = await board();
    const s = await sprint();
    const done = await task('Done one', s);
    const open = await task('Open one', s);
    await call('PATCH', `/api/sprint/${s}`, sprintPatch(2));
    const doneCount = async () =>
      ((await call('GET', `/api/page-tasks/sidebar?project_id=${project.id}`)).json() as Doc).data.attributes[
        'done-task'
      ];
    for (const status of [2, 3, 4])
      expect((await call('PATCH', `/api/task/${done}`, statusPatch(status))).statusCode).toBe(200);
    expect(await doneCount()).toBe(0);
    // The count follows Accept at once, before the sprint finishes (docs/product.md §F5).
    expect((await call('PATCH', `/api/task/${done}`, statusPatch(5))).statusCode).toBe(200);
    expect(await doneCount()).toBe(1);
    expect((await call('PATCH', `/api/sprint/${s}`, sprintPatch(3, 'new-tasks'))).statusCode).toBe(200);
    expect(await columnOrder(call, project.id, s)).toEqual(['Done one']);
    expect(await columnOrder(call, project.id, null)).toEqual(['Open one']);
    const sidebar = (await call('GET', `/api/page-tasks/sidebar?project_id=${project.id}`)).json() as Doc;
    expect(sidebar.data.attributes).toMatchObject({ 'done-task': 1, 'new-task': 1 });
    expect((await attrs(call, open))['task-status-id']).toBe(1);
  });

  it('on finish can move unfinished tasks to the next sprint, creating it when there is none', async () => {
    const { call, project, sprint, task } = await board();
    const s = await sprint();
    await task('Carry me', s);
    await call('PATCH', `/api/sprint/${s}`, sprintPatch(2));
    expect((await call('PATCH', `/api/sprint/${s}`, sprintPatch(3, 'next-sprint'))).statusCode).toBe(200);
    const list = (
      await call('GET', `/api/sprint/search?include=task&${projectFilter(project.id)}`)
    ).json() as ListDoc;
    expect(list.data).toHaveLength(2);
    const next = list.data[0]!;
    expect(next.attributes['sprint-status-id']).toBe(1);
    expect(await columnOrder(call, project.id, Number(next.id))).toEqual(['Carry me']);
  });
});

describe('task status actions', () => {
  it('walks Start, Finish, Deliver, Reject, Restart, Finish, Deliver, Accept with lifecycle times', async () => {
    const { call, sprint, task } = await board();
    const s = await sprint();
    const id = await task('Walk', s);
    await call('PATCH', `/api/sprint/${s}`, sprintPatch(2));
    for (const status of [2, 3, 4, 6, 7, 3, 4, 5]) {
      const res = await call('PATCH', `/api/task/${id}`, statusPatch(status));
      expect(res.statusCode, res.body).toBe(200);
    }
    const a = await attrs(call, id);
    expect(a).toMatchObject({
      'task-status-id': 5,
      started: expect.any(String),
      finished: expect.any(String),
      delivered: expect.any(String),
      accepted: expect.any(String),
    });
  });

  it('refuses any other transition with a clear error', async () => {
    const { call, sprint, task } = await board();
    const s = await sprint();
    const id = await task('Jumpy', s);
    await call('PATCH', `/api/sprint/${s}`, sprintPatch(2));
    const res = await call('PATCH', `/api/task/${id}`, statusPatch(5));
    expect(res.statusCode).toBe(422);
    expect(firstError(res)).toMatchObject({
      title: BOARD_MESSAGES.transitionRefused('Unstarted', 'Accepted'),
      source: { pointer: '/data/attributes/task-status-id' },
    });
    expect((await attrs(call, id))['task-status-id']).toBe(1);
  });

  it('offers actions only inside a started sprint', async () => {
    const { call, sprint, task } = await board();
    const loose = await task('Not in a sprint');
    let res = await call('PATCH', `/api/task/${loose}`, statusPatch(2));
    expect(res.statusCode).toBe(422);
    expect(firstError(res)!.title).toBe(BOARD_MESSAGES.notInSprint);
    const s = await sprint();
    const planned = await task('Sprint not started', s);
    res = await call('PATCH', `/api/task/${planned}`, statusPatch(2));
    expect(firstError(res)!.title).toBe(BOARD_MESSAGES.notInSprint);
  });

  it('creates only Unstarted or Icebox tasks and checks the estimate', async () => {
    const { call, project } = await board();
    let res = await call(
      'POST',
      '/api/task/create',
      taskDoc(project.id, { title: 'x', 'task-status-id': 3 }),
    );
    expect(firstError(res)!.title).toBe(BOARD_MESSAGES.createStatus);
    res = await call('POST', '/api/task/create', taskDoc(project.id, { title: 'x', estimate: '05' }));
    expect((res.json() as Doc).data.attributes.estimate).toBe('5');
    res = await call('POST', '/api/task/create', taskDoc(project.id, { title: 'x', estimate: 'soon' }));
    expect(res.statusCode).toBe(422);
  });

  it('accepts only project members as owner and requester', async () => {
    const { call, project, user } = await board();
    const { user: stranger } = await signedInAs(t.app, t.database.db, 'developer');
    const who = (id: number) => ({ data: { type: 'user', id: String(id) } });
    let res = await call(
      'POST',
      '/api/task/create',
      taskDoc(project.id, { title: 'x' }, { owner: who(stranger.id) }),
    );
    expect(res.statusCode).toBe(422);
    expect(firstError(res)!.title).toBe(BOARD_MESSAGES.notProjectUser);
    res = await call(
      'POST',
      '/api/task/create',
      taskDoc(project.id, { title: 'x' }, { owner: who(user.id) }),
    );
    expect(res.statusCode).toBe(201);
  });
});

describe('ordering', () => {
  it('keeps the dragged order within a column and across New Tasks and the sprint', async () => {
    const { call, project, sprint, task } = await board();
    const a = await task('A');
    const b = await task('B');
    const c = await task('C');
    expect(await columnOrder(call, project.id, null)).toEqual(['A', 'B', 'C']);
    await call('PATCH', `/api/task/${c}`, { data: { type: 'task', attributes: { position: 0 } } });
    expect(await columnOrder(call, project.id, null)).toEqual(['C', 'A', 'B']);

    const s = await sprint();
    const moved = await call('PATCH', `/api/task/${a}`, {
      data: { type: 'task', attributes: { position: 0 }, relationships: { sprint: sprintRef(s) } },
    });
    expect(moved.statusCode).toBe(200);
    await call('PATCH', `/api/task/${b}`, {
      data: { type: 'task', attributes: { position: 0 }, relationships: { sprint: sprintRef(s) } },
    });
    expect(await columnOrder(call, project.id, s)).toEqual(['B', 'A']);
    expect(await columnOrder(call, project.id, null)).toEqual(['C']);
  });
});

describe('a drag (a position and at most a sprint)', () => {
  const eventsOf = (taskId: number) =>
    t.database.db
      .select()
      .from(projectEvents)
      .where(and(eq(projectEvents.entity, 'task'), eq(projectEvents.entityId, taskId)))
      .orderBy(asc(projectEvents.id));
  const liveOf = (taskId: number) =>
    t.database.db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.kind, 'task'), eq(liveEvents.resourceId, taskId)));
  const drag = (call: Call, taskId: number, position: number, sprint?: number | null) =>
    call('PATCH', `/api/task/${taskId}`, {
      data: {
        type: 'task',
        attributes: { position },
        ...(sprint === undefined ? {} : { relationships: { sprint: sprintRef(sprint) } }),
      },
    });

  it('moves the card, touches it, writes its history and announces it, as any other change', async () => {
    const { call, project, sprint, task, user } = await board();
    const s = await sprint();
    const a = await task('A');
    await task('B', s);
    const before = (await attrs(call, a)).updated;
    expect(before).toEqual(expect.any(String));
    const live = (await liveOf(a)).length;

    // An index past the end puts the card last, as placeTask does.
    const moved = await drag(call, a, 99, s);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await columnOrder(call, project.id, s)).toEqual(['B', 'A']);
    expect((await attrs(call, a)).updated).not.toBe(before);
    const [event] = (await eventsOf(a)).filter((e) => e.action === 'moved');
    expect(event).toMatchObject({
      projectId: project.id,
      actorId: user.id,
      details: { title: 'A', fromSprintId: null, toSprintId: s, position: 99 },
    });
    expect((await liveOf(a)).length).toBe(live + 1);

    // Within its column, without a sprint: 'reordered'; to New Tasks (sprint null): 'moved' again.
    expect((await drag(call, a, 0)).statusCode).toBe(200);
    expect(await columnOrder(call, project.id, s)).toEqual(['A', 'B']);
    expect((await drag(call, a, 0, null)).statusCode).toBe(200);
    expect(await columnOrder(call, project.id, null)).toEqual(['A']);
    expect((await eventsOf(a)).map((e) => e.action).slice(-3)).toEqual(['moved', 'reordered', 'moved']);
    expect((await liveOf(a)).length).toBe(live + 3);
  });

  it("refuses a finished sprint and another project's sprint, and writes nothing", async () => {
    const { call, project, sprint, task } = await board();
    const { db } = t.database;
    const finished = await sprint();
    await db.update(sprints).set({ sprintStatusId: SPRINT_STATUS.finished }).where(eq(sprints.id, finished));
    const other = await buildProject(db);
    const [elsewhere] = await db.insert(sprints).values({ projectId: other.id }).returning();
    const a = await task('A');
    await task('B');
    const before = await attrs(call, a);
    expect(before.updated).toEqual(expect.any(String));

    const toFinished = await drag(call, a, 0, finished);
    expect(toFinished.statusCode).toBe(422);
    expect(firstError(toFinished)!.title).toBe(BOARD_MESSAGES.sprintFinished);
    const toOther = await drag(call, a, 0, elsewhere!.id);
    expect(toOther.statusCode).toBe(422);
    expect(firstError(toOther)!.title).toBe(BOARD_MESSAGES.sprintOfOtherProject);

    expect(await columnOrder(call, project.id, null)).toEqual(['A', 'B']);
    expect((await attrs(call, a)).updated).toBe(before.updated);
    expect((await eventsOf(a)).map((e) => e.action)).toEqual(['created']);
    expect(await liveOf(a)).toHaveLength(1);
  });

  it('finds no task that is gone, and writes nothing', async () => {
    const { project, user } = await board();
    const { db } = t.database;
    const result = await placeOnly(db, {
      projectId: project.id,
      taskId: 2_000_000_000,
      sprintId: undefined,
      index: 0,
      actorId: user.id,
      now: new Date(),
    });
    expect(result).toBe('not-found');
    expect(await eventsOf(2_000_000_000)).toHaveLength(0);
    expect(await liveOf(2_000_000_000)).toHaveLength(0);
  });
});

describe('tags and comments', () => {
  it('creates, renames and deletes a tag; its tasks keep working without it', async () => {
    const { call, project, task } = await board();
    const created = await call('POST', '/api/tag/create', {
      data: { type: 'tag', attributes: { title: 'ui', project_id: project.id } },
    });
    expect(created.statusCode).toBe(201);
    const tagId = (created.json() as Doc).data.id;
    const dup = await call('POST', '/api/tag/create', {
      data: { type: 'tag', attributes: { title: 'UI', project_id: project.id } },
    });
    expect(firstError(dup)!.title).toBe('This tag already exists');
    const id = await task('Tagged', null, {});
    await call('PATCH', `/api/task/${id}`, {
      data: { type: 'task', relationships: { tag: { data: [{ type: 'tag', id: tagId }] } } },
    });
    expect(
      (await call('PATCH', `/api/tag/${tagId}`, { data: { type: 'tag', attributes: { title: 'frontend' } } }))
        .statusCode,
    ).toBe(200);
    const tags = (await call('GET', `/api/tag/search?${projectFilter(project.id)}`)).json() as ListDoc;
    expect(tags.data.map((d) => d.attributes.title)).toEqual(['frontend']);

    expect((await call('DELETE', `/api/tag/${tagId}`)).statusCode).toBe(204);
    const after = (await call('GET', `/api/task/${id}?include=tag`)).json() as Doc;
    expect(after.data.relationships.tag?.data).toEqual([]);
    const edited = await call('PATCH', `/api/task/${id}`, {
      data: { type: 'task', attributes: { title: 'Still here' } },
    });
    expect(edited.statusCode).toBe(200);
  });

  it('lists and adds comments with their author', async () => {
    const { call, task, user } = await board();
    const id = await task('Discuss');
    const added = await call('POST', '/api/task-comment/create', {
      data: { type: 'task-comment', attributes: { body: 'Looks good', task_id: id } },
    });
    expect(added.statusCode).toBe(201);
    const list = (
      await call('GET', `/api/task-comment/search?filter[0][0]==&filter[0][1]=task.id&filter[0][2]=${id}`)
    ).json() as ListDoc;
    expect(list.data[0]!.attributes).toMatchObject({ body: 'Looks good', 'author-name': user.name });
  });
});

describe('sidebar and history', () => {
  it('counts own tasks, project users and roadblocks by who raised them', async () => {
    const { call, project, task, user } = await board();
    const owner = { data: { type: 'user', id: String(user.id) } };
    await call('POST', '/api/task/create', taskDoc(project.id, { title: 'Mine' }, { owner }));
    await task('Blocked by dev', null, { 'task-type-id': 2 });
    await call(
      'POST',
      '/api/task/create',
      taskDoc(
        project.id,
        { title: 'Blocked by client', 'task-type-id': 2 },
        {
          requester: { data: { type: 'user', id: String(project.ownerId) } },
        },
      ),
    );
    const sidebar = (await call('GET', `/api/page-tasks/sidebar?project_id=${project.id}`)).json() as Doc & {
      included: unknown[];
    };
    expect(sidebar.data.attributes).toEqual({
      'done-task': 0,
      'project-user': 2,
      'own-task': 1,
      'new-task': 3,
      'dev-roadblock': 1,
      'client-roadblock': 1,
    });
    expect(sidebar.included).toHaveLength(2);
  });

  it('records every change, newest first, paged', async () => {
    const { call, project, sprint, task, user } = await board();
    const s = await sprint();
    const id = await task('Tracked', s);
    await call('PATCH', `/api/sprint/${s}`, sprintPatch(2));
    await call('PATCH', `/api/task/${id}`, statusPatch(2));
    const res = await call('GET', `/api/project-history/search?project_id=${project.id}&page[size]=2`);
    const page1 = res.json() as ListDoc;
    expect(page1.meta['page-count']).toBe(2);
    expect(page1.data.map((d) => [d.attributes.entity, d.attributes.action])).toEqual([
      ['task', 'start'],
      ['sprint', 'started'],
    ]);
    expect(page1.data[0]!.attributes['actor-name']).toBe(user.name);
    const page2 = (
      await call('GET', `/api/project-history/search?project_id=${project.id}&page[page]=2&page[size]=2`)
    ).json() as ListDoc;
    expect(page2.data.map((d) => d.attributes.action)).toEqual(['created', 'created']);
  });
});

describe('OpenAPI', () => {
  it('lists the board calls, including the ones docs/product.md does not show', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const path of [
      '/api/task/create',
      '/api/task/{id}',
      '/api/sprint/{id}',
      '/api/page-tasks/sidebar',
      '/api/project-history/search',
    ])
      expect(paths).toContain(path);
  });
});
