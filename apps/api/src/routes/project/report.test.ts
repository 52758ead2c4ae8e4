import { ROLES } from '@dd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  projectEvents,
  projectMembers,
  projectUpdates,
  scheduledCalls,
  sprints,
  tasks,
} from '../../db/schema/index.ts';
import { buildProject, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/** GET /project/{id}/report (docs/adr/0021): who may read it, the CSV, the period, the empty state. */
let t: TestApp;
const db = () => t.database.db;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const get = (url: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: {
      authorization: headers.authorization ?? '',
      ...(headers.accept ? { accept: headers.accept } : {}),
    },
  });
const DAY = 86_400_000;

async function finishedSprintProject() {
  const owner = await withSessionAs(db(), 'client');
  const project = await buildProject(db(), { ownerId: owner.user.id });
  const now = Date.now();
  const at = (daysAgo: number, hours = 0) => new Date(now - daysAgo * DAY + hours * 3_600_000);
  const [sprint] = await db()
    .insert(sprints)
    .values({ projectId: project.id, sprintStatusId: 3, startedAt: at(20), finishedAt: at(6) })
    .returning();
  const [a, b, blocker] = await db()
    .insert(tasks)
    .values([
      {
        projectId: project.id,
        sprintId: sprint!.id,
        title: 'a',
        taskStatusId: 5,
        estimate: '3',
        taskTypeId: 3,
      },
      {
        projectId: project.id,
        sprintId: sprint!.id,
        title: 'b',
        taskStatusId: 6,
        estimate: '2',
        taskTypeId: 1,
      },
      { projectId: project.id, sprintId: null, title: 'c', taskStatusId: 2, taskTypeId: 2 },
    ])
    .returning();
  const event = (taskId: number, action: string, createdAt: Date) => ({
    projectId: project.id,
    entity: 'task',
    entityId: taskId,
    action,
    createdAt,
    details: {},
  });
  await db()
    .insert(projectEvents)
    .values([
      event(a!.id, 'start', at(19)),
      event(a!.id, 'deliver', at(17)),
      event(a!.id, 'accept', at(16)),
      event(b!.id, 'start', at(18)),
      event(b!.id, 'deliver', at(12)),
      event(b!.id, 'reject', at(9)),
    ]);
  await db()
    .insert(scheduledCalls)
    .values({
      projectId: project.id,
      userId: owner.user.id,
      scheduledAt: at(3),
      timezone: 'UTC',
      status: 'booked',
    });
  return { owner, project, blocker: blocker!, sprintId: sprint!.id };
}

describe('GET /project/{id}/report', () => {
  it('computes the period from the history; the summary line speaks plainly', async () => {
    const { owner, project } = await finishedSprintProject();
    const res = await get(`/api/project/${project.id}/report`, owner.headers);
    expect(res.statusCode).toBe(200);
    const a = res.json().data.attributes;
    expect(a.summary).toBe(
      '1 task accepted in the last 90 days, 1 rejected; median 2 days from delivery to your decision.',
    );
    expect(a['open-roadblocks']).toBe(1);
    expect(a['calls-held']).toBe(1);
    expect(a.sprints).toHaveLength(1);
    expect(a.sprints[0]).toMatchObject({
      number: 1,
      totalHours: 5,
      acceptedHours: 3,
      acceptedTasks: 1,
      rejections: 1,
      rejectionRate: 0.5,
      startToDelivered: { count: 2, medianHours: 96, p85Hours: 144 },
      deliveredToDecision: { count: 2, medianHours: 48, p85Hours: 72 },
    });
  });

  it('names a sprint by its number within the project, as the board does, not by its id or start order', async () => {
    const { owner, project } = await finishedSprintProject();
    // Another project's sprint first, so ids and numbers part; then this project's second sprint,
    // started but never finished (numbers follow creation, whatever was started first).
    await db()
      .insert(sprints)
      .values({ projectId: (await buildProject(db())).id, sprintStatusId: 1 });
    await db()
      .insert(sprints)
      .values({ projectId: project.id, sprintStatusId: 2, startedAt: new Date(Date.now() - 30 * DAY) });
    const res = await get(`/api/project/${project.id}/report`, owner.headers);
    const numbers = res.json().data.attributes.sprints.map((s: { number: number }) => s.number);
    expect(numbers).toEqual([2, 1]);
  });

  it('answers the per-sprint table as CSV with Accept: text/csv or ?format=csv', async () => {
    const { owner, project } = await finishedSprintProject();
    for (const res of [
      await get(`/api/project/${project.id}/report?format=csv`, owner.headers),
      await get(`/api/project/${project.id}/report`, { ...owner.headers, accept: 'text/csv' }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="report-\d+-.*\.csv"$/);
      const [header, row, end] = res.body.split('\r\n');
      expect(header).toBe(
        'sprint,started,finished,total_hours,accepted_hours,accepted_tasks,rejections,rejection_rate,start_to_delivered_median_hours,start_to_delivered_p85_hours,delivered_to_decision_median_hours,delivered_to_decision_p85_hours',
      );
      expect(row).toMatch(/^Sprint 1,.*,5,3,1,1,0.5,96,144,48,72$/);
      expect(end).toBe('');
    }
  });

  it('a period with no sprint: an empty list and a true summary', async () => {
    const { owner, project } = await finishedSprintProject();
    const res = await get(`/api/project/${project.id}/report?from=2020-01-01&to=2020-03-01`, owner.headers);
    const a = res.json().data.attributes;
    expect(a.sprints).toEqual([]);
    expect(a.summary).toBe(
      '0 tasks accepted from 2020-01-01 to 2020-03-01, 0 rejected; no decision on a delivery yet in this period.',
    );
    expect(
      (await get(`/api/project/${project.id}/report?from=2020-03-01&to=2020-01-01`, owner.headers))
        .statusCode,
    ).toBe(400);
    expect((await get(`/api/project/${project.id}/report?from=yesterday`, owner.headers)).statusCode).toBe(
      400,
    );
  });

  it('is kept while nothing changes and recomputed at once after a write (docs/adr/0027)', async () => {
    const { owner, project, sprintId } = await finishedSprintProject();
    const [delivered] = await db()
      .insert(tasks)
      .values({ projectId: project.id, sprintId, title: 'd', taskStatusId: 4, taskTypeId: 1 })
      .returning();
    const report = async () =>
      (await get(`/api/project/${project.id}/report`, owner.headers)).json().data.attributes as {
        summary: string;
        'updates-per-week': unknown;
      };
    const before = await report();
    expect(before.summary).toMatch(/^1 task accepted/);
    // An update written behind the app's back (no live event) is not seen while the answer is kept...
    await db()
      .insert(projectUpdates)
      .values({ projectId: project.id, description: 'behind the back', reporterUserId: owner.user.id });
    expect(await report()).toEqual(before);
    // ...but a decision through the app is, on the very next request, and with it the new update.
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/task/${delivered!.id}/accept`,
      headers: { authorization: owner.headers.authorization ?? '' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = await report();
    expect(after.summary).toMatch(/^2 tasks accepted/);
    expect(after['updates-per-week']).not.toEqual(before['updates-per-week']);
  });

  it('is for the project clients and every staff role; another client gets 403, the same as for an unknown id', async () => {
    const { project } = await finishedSprintProject();
    const second = await withSessionAs(db(), 'client');
    await db()
      .insert(projectMembers)
      .values({ projectId: project.id, userId: second.user.id, kind: 'client' });
    expect((await get(`/api/project/${project.id}/report`, second.headers)).statusCode).toBe(200);
    for (const role of ROLES.filter((r) => r !== 'client')) {
      const staff = await withSessionAs(db(), role);
      expect((await get(`/api/project/${project.id}/report`, staff.headers)).statusCode, role).toBe(200);
    }
    const stranger = await withSessionAs(db(), 'client');
    const foreign = await get(`/api/project/${project.id}/report`, stranger.headers);
    const unknown = await get('/api/project/2147483000/report', stranger.headers);
    expect(foreign.statusCode).toBe(403);
    expect(unknown.body).toBe(foreign.body);
  });
});
