import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { connect, type Database } from '../../db/client.ts';
import { buildProject, buildUser, signIn, withSessionAs } from '../../test/factories.ts';
import { listenOnFreePort, openEventStream } from '../../test/sse-client.ts';
import { buildTestApp, JSON_API, type TestApp } from '../../test/test-app.ts';
import { taskDoc } from '../task/board-test-helpers.ts';

let t: TestApp;
let base: string;
const streams: Array<{ close: () => Promise<void> }> = [];
beforeAll(async () => {
  t = await buildTestApp();
  base = await listenOnFreePort(t.app);
});
afterAll(async () => {
  for (const s of streams) await s.close();
  await t.close();
});

const db = () => t.database.db;
async function stream(headers: Record<string, string>, url = base) {
  const s = await openEventStream(url, headers);
  streams.push(s);
  return s;
}
const bearer = (headers: { authorization: string }) => ({ authorization: headers.authorization });

async function postUpdate(app: FastifyInstance, headers: Record<string, string>, projectId: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/project-update/post',
    headers: { ...headers, 'content-type': JSON_API },
    payload: {
      data: {
        type: 'project-update',
        attributes: { title: 'update', project_id: projectId, description: 'Done' },
      },
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as string;
}

async function createTask(headers: Record<string, string>, projectId: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/task/create',
    headers: { ...headers, 'content-type': JSON_API },
    payload: taskDoc(projectId, { title: 'Live card' }),
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as string;
}

describe('GET /api/events', () => {
  it('answers 401 without a session, and an event stream that is neither buffered nor compressed', async () => {
    const anonymous = await fetch(`${base}/api/events`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { errors: Array<{ status: string }> }).errors[0]!.status).toBe('401');

    const { headers } = await withSessionAs(db(), 'developer');
    const s = await stream({ ...bearer(headers), 'accept-encoding': 'gzip, br' });
    expect(s.response.status).toBe(200);
    expect(s.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(s.response.headers.get('x-accel-buffering')).toBe('no');
    expect(s.response.headers.get('cache-control')).toContain('no-cache');
    expect(s.response.headers.get('content-encoding')).toBeNull();
    await s.next((e) => e.comment === 'connected');
    t.app.events.heartbeat();
    await s.next((e) => e.comment === 'ping');
  });

  it('authenticates by the session cookie too', async () => {
    const user = await buildUser(db(), { role: 'projectManager' });
    const { token } = await signIn(t.app, user.login);
    const s = await stream({ cookie: `dd_token=${token}` });
    expect(s.response.status).toBe(200);
  });

  it("sends an update to the project's staff and client, and nothing to another project's client", async () => {
    const project = await buildProject(db());
    const other = await buildProject(db());
    const pm = await withSessionAs(db(), 'projectManager');
    const developer = await withSessionAs(db(), 'developer');
    const { createSession } = await import('../../modules/auth/sessions.ts');
    const ownSession = await createSession(db(), {
      userId: project.ownerId!,
      remember: true,
      now: new Date(),
    });
    const otherSession = await createSession(db(), {
      userId: other.ownerId!,
      remember: true,
      now: new Date(),
    });
    const staffStream = await stream(bearer(developer.headers));
    const clientStream = await stream({ authorization: `Bearer ${ownSession.token}` });
    const otherClientStream = await stream({ authorization: `Bearer ${otherSession.token}` });

    const updateId = await postUpdate(t.app, pm.headers, project.id);
    for (const s of [staffStream, clientStream]) {
      const change = await s.change('update', project.id);
      expect(change).toMatchObject({ type: 'update', id: updateId, project: String(project.id) });
      expect(Number(change.eventId)).toBeGreaterThan(0);
    }
    // Events arrive in commit order: once the other project's update is there, the first one would be too.
    await postUpdate(t.app, pm.headers, other.id);
    await otherClientStream.change('update', other.id);
    // (the update and the client's own notification of it, both about their project only)
    expect(new Set(otherClientStream.changes().map((c) => c.project))).toEqual(new Set([String(other.id)]));
    // No personal data: the payload names the change only.
    const raw = clientStream.received.find((e) => e.data.includes('"update"'))!;
    expect(Object.keys(JSON.parse(raw.data)).sort()).toEqual(['id', 'project', 'type']);
  });

  it('sends board events to board users, never to readonlyManager or the client', async () => {
    const project = await buildProject(db());
    const pm = await withSessionAs(db(), 'projectManager');
    const readonly = await withSessionAs(db(), 'readonlyManager');
    const { createSession } = await import('../../modules/auth/sessions.ts');
    const owner = await createSession(db(), { userId: project.ownerId!, remember: true, now: new Date() });
    const boardStream = await stream(bearer(pm.headers));
    const readonlyStream = await stream(bearer(readonly.headers));
    const clientStream = await stream({ authorization: `Bearer ${owner.token}` });

    const taskId = await createTask(pm.headers, project.id);
    expect(await boardStream.change('task', project.id)).toMatchObject({ id: taskId });
    await postUpdate(t.app, pm.headers, project.id);
    await readonlyStream.change('update', project.id);
    await clientStream.change('update', project.id);
    expect(readonlyStream.changes().map((c) => c.type)).toEqual(['update']);
    // The client also hears of their own notification of the update (the same commit).
    expect(clientStream.changes().map((c) => c.type)).toEqual(['update', 'notification']);
  });

  it("announces the project when the details form saves its owner's details", async () => {
    const project = await buildProject(db());
    // Someone else's details are saved by an admin or a project manager of one of the owner's projects.
    const pm = await withSessionAs(db(), 'admin');
    const developer = await withSessionAs(db(), 'developer');
    const s = await stream(bearer(developer.headers));
    await s.next((e) => e.comment === 'connected');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/${project.ownerId}/details`,
      headers: { ...pm.headers, 'content-type': JSON_API },
      payload: {
        data: {
          type: 'user',
          id: String(project.ownerId),
          attributes: {
            name: 'Olivia Owner',
            email: `owner-${project.id}@example.com`,
            phone: '+14155550100',
          },
        },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await s.change('project', project.id)).toMatchObject({ id: String(project.id) });
  });

  it('tells a client taken off a project, as well as the ones it has now', async () => {
    const project = await buildProject(db());
    const admin = await withSessionAs(db(), 'admin');
    const leaving = await withSessionAs(db(), 'client');
    const joining = await withSessionAs(db(), 'client');
    const { projectMembers } = await import('../../db/schema/index.ts');
    await db()
      .insert(projectMembers)
      .values({ projectId: project.id, userId: leaving.user.id, kind: 'client' });
    const leavingStream = await stream(bearer(leaving.headers));
    const joiningStream = await stream(bearer(joining.headers));
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/project/${project.id}`,
      headers: admin.headers,
      payload: {
        data: {
          type: 'project',
          id: String(project.id),
          attributes: { title: project.title },
          relationships: { client: { data: [{ type: 'user', id: String(joining.user.id) }] } },
        },
      },
    });
    expect(res.statusCode).toBe(200);
    await leavingStream.change('project', project.id);
    await joiningStream.change('project', project.id);
  });

  it('announces who has a task open for editing to board users only, without storing it', async () => {
    const project = await buildProject(db());
    const pm = await withSessionAs(db(), 'projectManager');
    const developer = await withSessionAs(db(), 'developer');
    const readonly = await withSessionAs(db(), 'readonlyManager');
    const taskId = await createTask(pm.headers, project.id);
    const pmStream = await stream(bearer(pm.headers));
    const readonlyStream = await stream(bearer(readonly.headers));
    const editing = await t.app.inject({
      method: 'POST',
      url: `/api/task/${taskId}/editing`,
      headers: bearer(developer.headers),
    });
    expect(editing.statusCode).toBe(204);
    const seen = await pmStream.next((e) => e.data.includes('"editing"'));
    expect(JSON.parse(seen.data)).toEqual({
      type: 'editing',
      id: taskId,
      project: String(project.id),
      user: String(developer.user.id),
    });
    // Not stored: it carries no id, so it never moves Last-Event-ID.
    expect(seen.id).toBeNull();
    await postUpdate(t.app, pm.headers, project.id);
    await readonlyStream.change('update', project.id);
    expect(readonlyStream.changes().map((c) => c.type)).toEqual(['update']);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/task/${taskId}/editing`,
      headers: bearer(readonly.headers),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('replays what a reconnecting stream missed from Last-Event-ID, and asks for a reset when too old', async () => {
    const project = await buildProject(db());
    const pm = await withSessionAs(db(), 'projectManager');
    const first = await stream(bearer(pm.headers));
    await postUpdate(t.app, pm.headers, project.id);
    const seen = await first.change('update', project.id);
    await first.close();

    const missedA = await postUpdate(t.app, pm.headers, project.id);
    const missedB = await createTask(pm.headers, project.id);
    const again = await stream({ ...bearer(pm.headers), 'last-event-id': seen.eventId! });
    await again.change('task', project.id);
    const replayed = again.changes().filter((c) => c.project === String(project.id));
    expect(replayed).toEqual([
      { type: 'update', id: missedA, project: String(project.id) },
      { type: 'task', id: missedB, project: String(project.id) },
    ]);
    // Live events keep flowing after the replay.
    await postUpdate(t.app, pm.headers, project.id);
    await again.next(
      (e) => e.data.includes('"update"') && e.id !== null && Number(e.id) > Number(seen.eventId) + 2,
    );

    const stale = await stream({ ...bearer(pm.headers), 'last-event-id': '999999999' });
    await stale.next((e) => e.event === 'reset');
  });

  it("moves a quiet stream's Last-Event-ID with the heartbeat, so it resumes without a reset", async () => {
    const mine = await buildProject(db());
    const other = await buildProject(db());
    const pm = await withSessionAs(db(), 'projectManager');
    const { createSession } = await import('../../modules/auth/sessions.ts');
    const owner = await createSession(db(), { userId: mine.ownerId!, remember: true, now: new Date() });
    const quiet = await stream({ authorization: `Bearer ${owner.token}` });
    const watcher = await stream(bearer(pm.headers));
    await postUpdate(t.app, pm.headers, other.id);
    const unseen = await watcher.change('update', other.id);
    t.app.events.heartbeat();
    const beat = await quiet.next((e) => e.comment === 'ping' && e.id !== null);
    expect(Number(beat.id)).toBeGreaterThanOrEqual(Number(unseen.eventId));
    expect(quiet.changes()).toEqual([]);
    await quiet.close();
    const resumed = await stream({ authorization: `Bearer ${owner.token}`, 'last-event-id': beat.id! });
    const mineUpdate = await postUpdate(t.app, pm.headers, mine.id);
    expect(await resumed.change('update', mine.id)).toMatchObject({ id: mineUpdate });
    expect(resumed.received.some((e) => e.event === 'reset')).toBe(false);
  });

  it('survives a lost LISTEN connection: reconnects and delivers what committed meanwhile', async () => {
    const project = await buildProject(db());
    const pm = await withSessionAs(db(), 'projectManager');
    const s = await stream(bearer(pm.headers));
    await s.next((e) => e.comment === 'connected');
    const { sql } = await import('drizzle-orm');
    const killed = await db().execute(
      sql`select pg_terminate_backend(pid) as killed from pg_stat_activity
            where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
    );
    expect((killed as unknown as { rows: Array<{ killed: boolean }> }).rows).toEqual([{ killed: true }]);
    // Written while this process may not be listening: the catch-up after the reconnect brings it.
    const updateId = await postUpdate(t.app, pm.headers, project.id);
    expect(await s.change('update', project.id, 10_000)).toMatchObject({ id: updateId });
    const later = await postUpdate(t.app, pm.headers, project.id);
    await s.next((e) => e.data.includes(`"id":"${later}"`), 10_000);
  });

  it('ends the stream when the session is revoked by logout', async () => {
    const user = await buildUser(db(), { role: 'developer' });
    const { authorization } = await signIn(t.app, user.login);
    const s = await stream({ authorization });
    await s.next((e) => e.comment === 'connected');
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/authorization/logout',
      headers: { authorization },
    });
    expect(out.statusCode).toBe(204);
    await s.next((e) => e.event === 'revoked');
    await s.ended;
    const after = await fetch(`${base}/api/events`, { headers: { authorization } });
    expect(after.status).toBe(401);
  });

  it('ends the stream when the user is deactivated', async () => {
    const { user, headers } = await withSessionAs(db(), 'developer');
    const s = await stream(bearer(headers));
    await s.next((e) => e.comment === 'connected');
    const { users } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await db().update(users).set({ isActive: false }).where(eq(users.id, user.id));
    await s.next((e) => e.event === 'revoked');
    await s.ended;
  });

  it('forgets a stream whose client went away', async () => {
    const { headers } = await withSessionAs(db(), 'developer');
    const s = await stream(bearer(headers));
    await s.next((e) => e.comment === 'connected');
    const before = t.app.events.streams.size;
    await s.close();
    await expect.poll(() => t.app.events.streams.size, { timeout: 3000 }).toBe(before - 1);
  });
});

describe('two app instances on one database', () => {
  let second: FastifyInstance;
  let secondDatabase: Database | null = null;
  let secondBase: string;
  beforeAll(async () => {
    // A second pool and a second LISTEN connection, as another process would have.
    secondDatabase = connect(t.database.url, t.database.driver);
    second = await buildApp({ config: t.config, database: secondDatabase, logger: false });
    await second.ready();
    secondBase = await listenOnFreePort(second);
  });
  afterAll(async () => {
    for (const s of streams.splice(0)) await s.close();
    await second.close();
    await secondDatabase?.close();
  });

  it('a write answered by app A reaches a stream held by app B', async () => {
    const project = await buildProject(db());
    const pm = await withSessionAs(db(), 'projectManager');
    const developer = await withSessionAs(db(), 'developer');
    const onB = await stream(bearer(developer.headers), secondBase);
    expect(second.events.streams.size).toBe(1);
    const updateId = await postUpdate(t.app, pm.headers, project.id);
    expect(await onB.change('update', project.id)).toMatchObject({ id: updateId });
    // And a logout answered by A ends B's stream.
    await t.app.inject({
      method: 'DELETE',
      url: '/api/authorization/logout',
      headers: bearer(developer.headers),
    });
    await onB.next((e) => e.event === 'revoked');
    await onB.ended;
  });
});
