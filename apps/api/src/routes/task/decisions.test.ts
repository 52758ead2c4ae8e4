import { DELIVERY_MESSAGES, ROLES, type Role, TEXT_MAX } from '@dd/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  liveEvents,
  mailOutbox,
  projectEvents,
  projectMembers,
  sprints,
  taskComments,
  tasks,
  users,
} from '../../db/schema/index.ts';
import { buildProject, buildUser, withSessionAs } from '../../test/factories.ts';
import { listenOnFreePort, openEventStream } from '../../test/sse-client.ts';
import { buildTestApp, firstError, type TestApp } from '../../test/test-app.ts';

/**
 * The product owner's review (docs/adr/0021-delivery-review-and-report.md): GET /project/{id}/deliveries,
 * POST /task/{id}/accept and /reject. Who may read and decide, the 409 of a late decision (and of two at
 * once), the comment, the history rows, the live events and the owner's mail.
 */
let t: TestApp;
let base: string;
const db = () => t.database.db;
const streams: Array<{ close: () => Promise<void> }> = [];
beforeAll(async () => {
  t = await buildTestApp();
  base = await listenOnFreePort(t.app);
});
afterAll(async () => {
  for (const s of streams) await s.close();
  await t.close();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: unknown) => {
  const { 'content-type': type, ...bare } = headers;
  return payload === undefined
    ? t.app.inject({ method, url, headers: bare })
    : t.app.inject({
        method,
        url,
        headers: { ...bare, 'content-type': type ?? 'application/json' },
        payload: payload as object,
      });
};
const reject = (reason: unknown) => ({ data: { type: 'delivery', attributes: { reason } } });

/** A project with its owner signed in, a second client, a developer who owns tasks, and a started sprint. */
async function reviewProject() {
  const owner = await withSessionAs(db(), 'client');
  const project = await buildProject(db(), { ownerId: owner.user.id });
  const second = await withSessionAs(db(), 'client');
  await db().insert(projectMembers).values({ projectId: project.id, userId: second.user.id, kind: 'client' });
  const developer = await buildUser(db(), { role: 'developer' });
  const [sprint] = await db()
    .insert(sprints)
    .values({ projectId: project.id, sprintStatusId: 2, startedAt: new Date('2026-11-01T09:00:00Z') })
    .returning();
  const task = async (
    taskStatusId: number,
    title = 'Sign-up page',
    extra: Partial<typeof tasks.$inferInsert> = {},
  ) => {
    const [row] = await db()
      .insert(tasks)
      .values({
        projectId: project.id,
        sprintId: sprint!.id,
        title,
        description: 'Form **with** a button',
        taskStatusId,
        taskTypeId: 3,
        ownerId: developer.id,
        estimate: '3',
        deliveredAt: taskStatusId >= 4 ? new Date() : null,
        deliveredById: taskStatusId >= 4 ? developer.id : null,
        ...extra,
      })
      .returning();
    return row!;
  };
  return { owner, second, project, developer, sprint: sprint!, task };
}

describe('GET /project/{id}/deliveries', () => {
  it('lists statuses 4, 5 and 6 only, newest delivery first, with no board internals', async () => {
    const p = await reviewProject();
    await p.task(1, 'Unstarted secret');
    await p.task(3, 'Finished, not delivered');
    const older = await p.task(5, 'Accepted earlier', { deliveredAt: new Date('2026-11-02T10:00:00Z') });
    const newer = await p.task(4, 'Waiting', { deliveredAt: new Date('2026-11-03T10:00:00Z') });
    const res = await call('GET', `/api/project/${p.project.id}/deliveries`, p.owner.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((d: { id: string }) => d.id)).toEqual([String(newer.id), String(older.id)]);
    expect(body.meta).toEqual({ 'has-more': false });
    expect(body.data[0]).toEqual({
      type: 'delivery',
      id: String(newer.id),
      attributes: {
        title: 'Waiting',
        description: 'Form **with** a button',
        'description-html': '<p>Form <strong>with</strong> a button</p>\n',
        'task-type': 'Feature',
        status: 'delivered',
        estimate: '3',
        'delivered-at': '2026-11-03T10:00:00.000Z',
        'delivered-by-name': p.developer.name,
        'decided-at': null,
        'decided-by-name': null,
        reason: null,
      },
    });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain(p.developer.email);
    const waiting = await call(
      'GET',
      `/api/project/${p.project.id}/deliveries?status=waiting`,
      p.owner.headers,
    );
    expect(waiting.json().data.map((d: { id: string }) => d.id)).toEqual([String(newer.id)]);
    expect(waiting.json().meta).toEqual({ 'has-more': false, total: 1 });
    const paged = await call(
      'GET',
      `/api/project/${p.project.id}/deliveries?page[size]=1&page[page]=2`,
      p.owner.headers,
    );
    expect(paged.json().data.map((d: { id: string }) => d.id)).toEqual([String(older.id)]);
    expect(paged.json().meta).toEqual({ 'has-more': false });
    const first = await call(
      'GET',
      `/api/project/${p.project.id}/deliveries?page[size]=1&page[page]=1`,
      p.owner.headers,
    );
    expect(first.json().data.map((d: { id: string }) => d.id)).toEqual([String(newer.id)]);
    expect(first.json().meta).toEqual({ 'has-more': true });
  });

  it('is for the project clients and staff; a client of another project gets 403, the same bytes as an unknown id', async () => {
    const p = await reviewProject();
    const url = `/api/project/${p.project.id}/deliveries`;
    expect((await call('GET', url, p.second.headers)).statusCode).toBe(200);
    for (const role of ROLES.filter((r) => r !== 'client')) {
      const staff = await withSessionAs(db(), role);
      expect((await call('GET', url, staff.headers)).statusCode, role).toBe(200);
    }
    const stranger = await withSessionAs(db(), 'client');
    const foreign = await call('GET', url, stranger.headers);
    const unknown = await call('GET', '/api/project/2147483000/deliveries', stranger.headers);
    expect(foreign.statusCode).toBe(403);
    expect(unknown.statusCode).toBe(403);
    expect(unknown.body).toBe(foreign.body);
    expect((await call('GET', url, {})).statusCode).toBe(401);
  });

  it('a page is kept while nothing changes; a decision or a rename shows on the next request (docs/adr/0032)', async () => {
    const p = await reviewProject();
    const waiting = await p.task(4, 'Waiting', { deliveredAt: new Date('2026-11-03T10:00:00Z') });
    const url = `/api/project/${p.project.id}/deliveries`;
    const page = async (headers = p.owner.headers) => {
      const res = await call('GET', url, headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: Array<{ id: string; attributes: Record<string, unknown> }> };
    };
    const before = await page();
    expect(before.data.map((d) => d.id)).toEqual([String(waiting.id)]);
    // A delivery written behind the app's back (no live event) is not seen while the page is kept...
    const behind = await p.task(4, 'Behind the back', { deliveredAt: new Date('2026-11-04T10:00:00Z') });
    expect(await page()).toEqual(before);
    // ...every reader gets the same page (no role sees more of a delivery)...
    expect(await page(p.second.headers)).toEqual(before);
    // ...a decision through the app shows at once, and with it the row written behind its back.
    const accepted = await call('POST', `/api/task/${waiting.id}/accept`, p.owner.headers);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = await page();
    expect(after.data.map((d) => [d.id, d.attributes.status])).toEqual([
      [String(behind.id), 'delivered'],
      [String(waiting.id), 'accepted'],
    ]);
    // A page shows who delivered by name: a rename (which bumps the 'admin-lists' version) shows at once.
    await db().update(users).set({ name: 'Renamed Developer' }).where(eq(users.id, p.developer.id));
    expect((await page()).data.map((d) => d.attributes['delivered-by-name'])).toEqual([
      'Renamed Developer',
      'Renamed Developer',
    ]);
  });
  it('a page read while a write is in progress is not kept: that write may commit a lower event id (docs/adr/0032)', async () => {
    const p = await reviewProject();
    const waiting = await p.task(4, 'Waiting', { deliveredAt: new Date('2026-11-03T10:00:00Z') });
    const url = `/api/project/${p.project.id}/deliveries`;
    const statuses = async () => {
      const res = await call('GET', url, p.owner.headers);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: Array<{ attributes: { status: string } }> }).data.map(
        (d) => d.attributes.status,
      );
    };
    const event = (tx: Pick<ReturnType<typeof db>, 'insert'>) =>
      tx.insert(liveEvents).values({ kind: 'task', resourceId: waiting.id, projectId: p.project.id });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started!: () => void;
    const begun = new Promise<void>((resolve) => {
      started = resolve;
    });
    // A decision in progress takes its event id first...
    const slow = db().transaction(async (tx) => {
      await tx.update(tasks).set({ taskStatusId: 5 }).where(eq(tasks.id, waiting.id));
      await event(tx);
      started();
      await held;
    });
    await begun;
    // ...another write of the project commits a higher one, and a reader sees that newest id.
    await event(db());
    expect(await statuses()).toEqual(['delivered']);
    // The slow decision commits with the lower id: the newest id does not move, yet the page must.
    release();
    await slow;
    expect(await statuses()).toEqual(['accepted']);
  });
});

describe('POST /task/{id}/accept and /reject', () => {
  it('accept: 4 → 5 with its accepted date, in the history with who and when, a live event, a mail to the owner', async () => {
    const p = await reviewProject();
    const task = await p.task(4);
    const res = await call('POST', `/api/task/${task.id}/accept`, p.second.headers, {
      data: { type: 'delivery', attributes: {} },
    });
    expect(res.statusCode).toBe(200);
    const attributes = res.json().data.attributes;
    expect(attributes.status).toBe('accepted');
    expect(attributes['decided-by-name']).toBe(p.second.user.name);
    const [row] = await db().select().from(tasks).where(eq(tasks.id, task.id));
    expect(row!.taskStatusId).toBe(5);
    expect(row!.acceptedAt).not.toBeNull();
    expect(row!.decidedById).toBe(p.second.user.id);
    const history = await db()
      .select()
      .from(projectEvents)
      .where(and(eq(projectEvents.projectId, p.project.id), eq(projectEvents.entity, 'task')));
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: 'accept', actorId: p.second.user.id, entityId: task.id });
    expect(history[0]!.details).toMatchObject({ from: 4, to: 5 });
    const kinds = (await db().select().from(liveEvents).where(eq(liveEvents.projectId, p.project.id))).map(
      (e) => e.kind,
    );
    // 'notification': the task owner's bell (modules/notifications/review-notifications.ts).
    expect(kinds.sort()).toEqual(['delivery', 'notification', 'task']);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, p.developer.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('accepted');
  });

  it('reject: 4 → 6, the reason a comment by the client on the task and in the owner’s mail', async () => {
    const p = await reviewProject();
    const task = await p.task(4);
    const res = await call(
      'POST',
      `/api/task/${task.id}/reject`,
      p.owner.headers,
      reject('  The button is red  '),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes).toMatchObject({ status: 'rejected', reason: 'The button is red' });
    const [row] = await db().select().from(tasks).where(eq(tasks.id, task.id));
    expect(row!.taskStatusId).toBe(6);
    expect(row!.acceptedAt).toBeNull();
    const comments = await db().select().from(taskComments).where(eq(taskComments.taskId, task.id));
    expect(comments).toMatchObject([{ authorId: p.owner.user.id, body: 'The button is red' }]);
    const actions = (
      await db().select().from(projectEvents).where(eq(projectEvents.projectId, p.project.id))
    ).map((e) => `${e.entity}:${e.action}`);
    expect(actions.sort()).toEqual(['comment:created', 'task:reject']);
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, p.developer.email));
    expect(mail!.text).toContain('The button is red');
  });

  it('reject needs a reason of at most TEXT_MAX.long characters', async () => {
    const p = await reviewProject();
    const task = await p.task(4);
    for (const reason of ['', '   ', undefined]) {
      const res = await call('POST', `/api/task/${task.id}/reject`, p.owner.headers, reject(reason));
      expect(res.statusCode).toBe(422);
      expect(firstError(res)?.title).toBe(DELIVERY_MESSAGES.reasonRequired);
    }
    const long = await call(
      'POST',
      `/api/task/${task.id}/reject`,
      p.owner.headers,
      reject('x'.repeat(TEXT_MAX.long + 1)),
    );
    expect(long.statusCode).toBe(422);
    const [row] = await db().select().from(tasks).where(eq(tasks.id, task.id));
    expect(row!.taskStatusId).toBe(4);
  });

  it('409 with a clear message when the task is not in status 4', async () => {
    const p = await reviewProject();
    for (const status of [1, 3, 5, 6]) {
      const task = await p.task(status);
      const res = await call('POST', `/api/task/${task.id}/accept`, p.owner.headers);
      expect(res.statusCode).toBe(409);
      expect(firstError(res)?.title).toBe(DELIVERY_MESSAGES.alreadyDecided);
    }
  });

  it('two clients deciding at once give one decision: one 200, one 409', async () => {
    const p = await reviewProject();
    for (let round = 0; round < 5; round++) {
      const task = await p.task(4);
      const answers = await Promise.all([
        call('POST', `/api/task/${task.id}/accept`, p.owner.headers),
        call('POST', `/api/task/${task.id}/reject`, p.second.headers, reject('Not what we asked')),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const decisions = await db()
        .select()
        .from(projectEvents)
        .where(and(eq(projectEvents.entity, 'task'), eq(projectEvents.entityId, task.id)));
      expect(decisions).toHaveLength(1);
      const [row] = await db().select().from(tasks).where(eq(tasks.id, task.id));
      expect(row!.taskStatusId).toBe(decisions[0]!.action === 'accept' ? 5 : 6);
    }
  });

  it('a client and a staff member on the board deciding at once give one decision', async () => {
    const p = await reviewProject();
    const pm = await withSessionAs(db(), 'projectManager');
    for (let round = 0; round < 5; round++) {
      const task = await p.task(4);
      const answers = await Promise.all([
        call('POST', `/api/task/${task.id}/reject`, p.owner.headers, reject('Not yet')),
        call('PATCH', `/api/task/${task.id}`, pm.headers, {
          data: { type: 'task', attributes: { 'task-status-id': 5 } },
        }),
      ]);
      const ok = answers.filter((a) => a.statusCode === 200);
      expect(ok, answers.map((a) => a.statusCode).join()).toHaveLength(1);
      const decisions = await db()
        .select()
        .from(projectEvents)
        .where(and(eq(projectEvents.entity, 'task'), eq(projectEvents.entityId, task.id)));
      expect(decisions).toHaveLength(1);
    }
  });

  const DECIDERS: Role[] = ['superAdmin', 'admin', 'accountManager', 'developer', 'projectManager'];
  it('staff who work the board may decide; readonlyManager and assistant may not (403)', async () => {
    const p = await reviewProject();
    for (const role of ROLES.filter((r) => r !== 'client')) {
      const staff = await withSessionAs(db(), role);
      const task = await p.task(4);
      const res = await call('POST', `/api/task/${task.id}/accept`, staff.headers);
      expect(res.statusCode, role).toBe(DECIDERS.includes(role) ? 200 : 403);
    }
  });

  it('a client of another project gets 403, byte-identical for a foreign and an unknown task; nothing changes', async () => {
    const p = await reviewProject();
    const task = await p.task(4);
    const stranger = await withSessionAs(db(), 'client');
    for (const action of ['accept', 'reject'] as const) {
      const foreign = await call('POST', `/api/task/${task.id}/${action}`, stranger.headers, reject('x'));
      const unknown = await call('POST', `/api/task/2147483000/${action}`, stranger.headers, reject('x'));
      expect(foreign.statusCode).toBe(403);
      expect(unknown.body).toBe(foreign.body);
      // Even an invalid body: refused before it is read.
      expect(
        (await call('POST', `/api/task/${task.id}/${action}`, stranger.headers, reject(''))).statusCode,
      ).toBe(403);
      expect((await call('POST', `/api/task/${task.id}/${action}`, {}, reject('x'))).statusCode).toBe(401);
    }
    const [row] = await db().select().from(tasks).where(eq(tasks.id, task.id));
    expect(row!.taskStatusId).toBe(4);
  });
});

describe('told in time', () => {
  it("a delivery on the board reaches the project's clients live, not another project's client; a decision reaches the board", async () => {
    const p = await reviewProject();
    const pm = await withSessionAs(db(), 'projectManager');
    const stranger = await withSessionAs(db(), 'client');
    const open = async (headers: Headers) => {
      const s = await openEventStream(base, { authorization: headers.authorization! });
      streams.push(s);
      await s.next((e) => e.comment === 'connected');
      return s;
    };
    const [clientStream, strangerStream, boardStream] = [
      await open(p.owner.headers),
      await open(stranger.headers),
      await open(pm.headers),
    ];
    const task = await p.task(3);
    const delivered = await call('PATCH', `/api/task/${task.id}`, pm.headers, {
      data: { type: 'task', attributes: { 'task-status-id': 4 } },
    });
    expect(delivered.statusCode).toBe(200);
    expect(await clientStream.change('delivery', p.project.id)).toMatchObject({ id: String(task.id) });
    const [row] = await db().select().from(tasks).where(eq(tasks.id, task.id));
    expect(row!.deliveredById).toBe(pm.user.id);
    // Board events never reach a client: the review card's and their own bell's entry do.
    expect(clientStream.changes().map((c) => c.type)).toEqual(['delivery', 'notification']);

    await call('POST', `/api/task/${task.id}/reject`, p.owner.headers, reject('Wrong colour'));
    expect(await boardStream.change('task', p.project.id)).toMatchObject({ id: String(task.id) });
    await boardStream.change('comment', p.project.id);
    await clientStream.change('delivery', p.project.id);
    expect(strangerStream.changes()).toEqual([]);
  });
});
