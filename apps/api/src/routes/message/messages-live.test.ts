import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers } from '../../db/schema/index.ts';
import { buildProject, withSessionAs } from '../../test/factories.ts';
import { listenOnFreePort, openEventStream, type SseEvent } from '../../test/sse-client.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

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

async function stream(authorization: string) {
  const s = await openEventStream(base, { authorization });
  streams.push(s);
  return s;
}
const data = (e: SseEvent) => (e.data ? (JSON.parse(e.data) as Record<string, string>) : {});

describe('chat live events', () => {
  it("sends message and typing events to the project's readers only", async () => {
    const client = await withSessionAs(t.database.db, 'client');
    const project = await buildProject(t.database.db, { ownerId: client.user.id });
    const pm = await withSessionAs(t.database.db, 'projectManager');
    await t.database.db
      .insert(projectMembers)
      .values({ projectId: project.id, userId: pm.user.id, kind: 'projectManager' });
    const stranger = await withSessionAs(t.database.db, 'client');
    const strangerProject = await buildProject(t.database.db, { ownerId: stranger.user.id });

    const clientStream = await stream(client.headers.authorization);
    const strangerStream = await stream(stranger.headers.authorization);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/project/${project.id}/messages`,
      headers: pm.headers,
      payload: { data: { type: 'message', attributes: { body: 'Live hello' } } },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as string;
    const event = await clientStream.next((e) => data(e).type === 'message');
    expect(data(event)).toEqual({ type: 'message', id, project: String(project.id) });
    expect(event.data).not.toContain('Live hello');

    const typing = await t.app.inject({
      method: 'POST',
      url: `/api/project/${project.id}/messages/typing`,
      headers: { authorization: pm.headers.authorization },
    });
    expect(typing.statusCode).toBe(204);
    const typed = await clientStream.next((e) => data(e).type === 'typing');
    expect(data(typed)).toEqual({
      type: 'typing',
      id: String(project.id),
      project: String(project.id),
      user: String(pm.user.id),
    });
    expect(typed.id).toBeNull();

    // Events arrive in order: once the stranger's own message is there, the first would have been too.
    await t.app.inject({
      method: 'POST',
      url: `/api/project/${strangerProject.id}/messages`,
      headers: stranger.headers,
      payload: { data: { attributes: { body: 'mine' } } },
    });
    await strangerStream.next(
      (e) => data(e).type === 'message' && data(e).project === String(strangerProject.id),
    );
    expect(strangerStream.received.some((e) => data(e).project === String(project.id))).toBe(false);
  });
});
