import { MARKDOWN_NESTING_MESSAGE } from '@dd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, projectMembers, projectUpdates, sprints, tasks } from '../../db/schema/index.ts';
import { buildProject, buildUser, withSessionAs } from '../../test/factories.ts';
import { decodedMail, startSmtpReceiver } from '../../test/smtp-receiver.ts';
import { buildTestApp, firstError, type TestApp } from '../../test/test-app.ts';
import { taskDoc } from '../task/board-test-helpers.ts';

/**
 * Issue 41, finding 2: deeply nested markdown (docs/product.md §C9) made marked overflow its stack. A text
 * stored that way answered 500 for every reader of its list and stopped the minute tick's loop. The
 * payloads are the ones reported; each is either refused when saved (422 on the field) or, already stored,
 * shown as escaped plain text.
 */
const QUOTES_20K = '>'.repeat(20_000);
const QUOTES_3K = '>'.repeat(3_000);
const BULLETS_1500 = '* '.repeat(1_500);

let now = new Date();
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
const db = () => t.database.db;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await buildTestApp({ now: () => now, smtpUrl: smtp.url, publicUrl: 'http://dd.test' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** A project owned by a signed-in client, with a signed-in project manager on it. */
async function project() {
  const client = await withSessionAs(db(), 'client');
  const pm = await withSessionAs(db(), 'projectManager');
  const p = await buildProject(db(), { ownerId: client.user.id });
  await db().insert(projectMembers).values({ projectId: p.id, userId: pm.user.id, kind: 'projectManager' });
  return { client, pm, project: p };
}

describe('deeply nested markdown', () => {
  it('refuses an update of `>` × 20,000 with 422 on the description, and stores nothing', async () => {
    const { pm, client, project: p } = await project();
    const res = await call('POST', '/api/project-update/post', pm.headers, {
      data: { type: 'project-update', attributes: { project_id: p.id, description: QUOTES_20K } },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(firstError(res)?.title).toBe(MARKDOWN_NESTING_MESSAGE);
    expect(JSON.stringify(firstError(res)?.source)).toContain('description');
    const list = await call('GET', `/api/project-update/search?filter[project_id]=${p.id}`, client.headers);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([]);
  });

  it('lists an update of `>` × 20,000 stored before the limit, as escaped text, for everyone', async () => {
    const { pm, client, project: p } = await project();
    await db()
      .insert(projectUpdates)
      .values([
        { projectId: p.id, description: QUOTES_20K, reporterUserId: pm.user.id },
        { projectId: p.id, description: '**fine**', reporterUserId: pm.user.id },
      ]);
    for (const who of [client, pm]) {
      const res = await call('GET', `/api/project-update/search?filter[project_id]=${p.id}`, who.headers);
      expect(res.statusCode, res.body).toBe(200);
      const html = res
        .json()
        .data.map((d: { attributes: Record<string, string> }) => d.attributes['description-html']);
      expect(html.some((h: string) => h.includes('<strong>fine</strong>'))).toBe(true);
      expect(html).toContain(`<p>${'&gt;'.repeat(20_000)}</p>`);
    }
  });

  it('lists deliveries when one delivered task has a description of `* ` × 1,500', async () => {
    const { client, pm, project: p } = await project();
    const developer = await buildUser(db(), { role: 'developer' });
    const [sprint] = await db()
      .insert(sprints)
      .values({ projectId: p.id, sprintStatusId: 2, startedAt: new Date('2027-05-01T09:00:00Z') })
      .returning();
    await db()
      .insert(tasks)
      .values(
        [BULLETS_1500, 'Form **with** a button'].map((description, i) => ({
          projectId: p.id,
          sprintId: sprint!.id,
          title: `Task ${i}`,
          description,
          taskStatusId: 4,
          taskTypeId: 3,
          ownerId: developer.id,
          estimate: '3',
          deliveredAt: new Date(),
          deliveredById: developer.id,
        })),
      );
    const res = await call('GET', `/api/project/${p.id}/deliveries`, client.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toHaveLength(2);
    // And such a description is no longer taken when saved.
    const create = await call(
      'POST',
      '/api/task/create',
      pm.headers,
      taskDoc(p.id, { title: 'Deep', description: BULLETS_1500 }),
    );
    expect(create.statusCode, create.body).toBe(422);
    expect(firstError(create)?.title).toBe(MARKDOWN_NESTING_MESSAGE);
  });

  it('lists chat with a stored message of `>` × 3,000, and refuses a new one with 422', async () => {
    const { client, pm, project: p } = await project();
    await db().insert(messages).values({ projectId: p.id, authorId: client.user.id, body: QUOTES_3K });
    for (const who of [client, pm]) {
      const res = await call('GET', `/api/project/${p.id}/messages`, who.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toHaveLength(1);
    }
    const post = await call('POST', `/api/project/${p.id}/messages`, client.headers, {
      data: { type: 'message', attributes: { body: QUOTES_3K } },
    });
    expect(post.statusCode, post.body).toBe(422);
    expect(firstError(post)?.title).toBe(MARKDOWN_NESTING_MESSAGE);
    expect(JSON.stringify(firstError(post)?.source)).toContain('body');
  });

  it("the minute tick still mails the other project's unread messages when one project is poisoned", async () => {
    const poisoned = await project();
    const healthy = await project();
    await db()
      .insert(messages)
      .values([
        { projectId: poisoned.project.id, authorId: poisoned.pm.user.id, body: QUOTES_3K, createdAt: now },
        {
          projectId: healthy.project.id,
          authorId: healthy.pm.user.id,
          body: 'Staging **ready**',
          createdAt: now,
        },
      ]);
    now = new Date(now.getTime() + 11 * 60_000);
    const before = smtp.received.length;
    await t.app.jobs.runDue();
    const to = (email: string) =>
      smtp.received
        .slice(before)
        .filter((m) => m.to.includes(email.toLowerCase()))
        .map((m) => decodedMail(m.raw));
    const [mail] = to(healthy.client.user.email);
    expect(mail).toContain('<strong>ready</strong>');
    // The poisoned one goes out too, its text escaped rather than rendered.
    expect(to(poisoned.client.user.email)[0]).toContain('&gt;&gt;&gt;');
  });
});
