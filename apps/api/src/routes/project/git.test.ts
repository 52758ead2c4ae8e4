import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers, repositories } from '../../db/schema/index.ts';
import { buildProject, withSessionAs } from '../../test/factories.ts';
import { deliver, gitlabExample } from '../../test/git-webhooks.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/** Connecting, rotating and disconnecting a project's repositories; reading its Git activity. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: 'https://desk.example.com' });
});
afterAll(() => t.close());
const db = () => t.database.db;
type Headers = Record<string, string>;
const connect = (projectId: number, headers: Headers, attributes: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/project/${projectId}/repositories`,
    headers,
    payload: { data: { type: 'repository', attributes } },
  });
let seq = 0;
const repoName = () => `acme/app-${Date.now().toString(36)}-${++seq}`;

describe('POST /api/project/{id}/repositories', () => {
  it('answers the webhook URL and the secret once; the list never shows the secret', async () => {
    const { headers } = await withSessionAs(db(), 'admin');
    const project = await buildProject(db());
    const name = repoName();
    const res = await connect(project.id, headers, { provider: 'github', name });
    expect(res.statusCode, res.body).toBe(201);
    const { attributes } = res.json().data;
    expect(attributes['webhook-url']).toBe(
      `https://desk.example.com/api/webhooks/github/${res.json().data.id}`,
    );
    expect(attributes.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await db().select().from(repositories).where(eq(repositories.name, name));
    expect(row!.secretCipher).not.toContain(attributes.secret);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/project/${project.id}/repositories`,
      headers,
    });
    expect(list.body).not.toContain(attributes.secret);
    expect(list.json().data[0].attributes).not.toHaveProperty('secret');
  });

  it('connects a repository to one project at a time (409), and again once disconnected', async () => {
    const { headers } = await withSessionAs(db(), 'superAdmin');
    const [a, b] = [await buildProject(db()), await buildProject(db())];
    const name = repoName();
    const first = await connect(a.id, headers, { provider: 'gitlab', name });
    expect(first.statusCode).toBe(201);
    const second = await connect(b.id, headers, { provider: 'gitlab', name: name.toUpperCase() });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().errors[0].title).toBe('This repository is already connected to a project');
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/repository/${first.json().data.id}`,
      headers,
    });
    expect(del.statusCode).toBe(204);
    expect((await connect(b.id, headers, { provider: 'gitlab', name })).statusCode).toBe(201);
  });

  it('refuses a name that is not owner/repo and an unknown provider (422)', async () => {
    const { headers } = await withSessionAs(db(), 'admin');
    const project = await buildProject(db());
    const bad = await connect(project.id, headers, { provider: 'bitbucket', name: 'no-slash' });
    expect(bad.statusCode).toBe(422);
    const titles = bad.json().errors.map((e: { title: string }) => e.title);
    expect(titles).toEqual(
      expect.arrayContaining(['Choose GitHub or GitLab', 'Enter the repository as owner/name']),
    );
  });

  it('lets a project manager of this project connect, not one of another project', async () => {
    const { user, headers } = await withSessionAs(db(), 'projectManager');
    const [mine, theirs] = [await buildProject(db()), await buildProject(db())];
    await db().insert(projectMembers).values({ projectId: mine.id, userId: user.id, kind: 'projectManager' });
    expect((await connect(mine.id, headers, { provider: 'github', name: repoName() })).statusCode).toBe(201);
    expect((await connect(theirs.id, headers, { provider: 'github', name: repoName() })).statusCode).toBe(
      403,
    );
  });
});

describe('POST /api/repository/{id}/rotate-secret', () => {
  it('gives a new secret once; deliveries with the old one are refused from then on', async () => {
    const { headers } = await withSessionAs(db(), 'admin');
    const project = await buildProject(db());
    const name = repoName();
    const created = (await connect(project.id, headers, { provider: 'gitlab', name })).json().data;
    const push = gitlabExample('push-hook');
    (push.project as Record<string, unknown>).path_with_namespace = name;
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/repository/${created.id}/rotate-secret`,
      headers: { authorization: headers.authorization! },
    });
    expect(rotated.statusCode).toBe(200);
    const secret = rotated.json().data.attributes.secret as string;
    expect(secret).not.toBe(created.attributes.secret);
    const old = await deliver(t.app, {
      provider: 'gitlab',
      event: 'Push Hook',
      payload: push,
      secret: created.attributes.secret,
    });
    expect(old.statusCode).toBe(401);
    expect(
      (await deliver(t.app, { provider: 'gitlab', event: 'Push Hook', payload: push, secret })).statusCode,
    ).toBe(202);
  });

  it('shows each connected repository its own last delivery, not another one’s', async () => {
    const { headers } = await withSessionAs(db(), 'admin');
    const project = await buildProject(db());
    const heard = repoName();
    const silent = repoName();
    const a = (await connect(project.id, headers, { provider: 'gitlab', name: heard })).json().data;
    await connect(project.id, headers, { provider: 'gitlab', name: silent });
    const push = gitlabExample('push-hook');
    (push.project as Record<string, unknown>).path_with_namespace = heard;
    const res = await deliver(t.app, {
      provider: 'gitlab',
      event: 'Push Hook',
      payload: push,
      secret: a.attributes.secret,
    });
    expect(res.statusCode).toBe(202);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/project/${project.id}/repositories`,
      headers,
    });
    const byName = Object.fromEntries(
      list.json().data.map((r: { attributes: Record<string, unknown> }) => [r.attributes.name, r.attributes]),
    );
    expect(byName[heard]['last-delivery']).not.toBeNull();
    expect(byName[silent]['last-delivery']).toBeNull();
  });
});

describe('GET /api/project/{id}/git-activity', () => {
  it('shows the project’s client commits with authors’ names, never their e-mails', async () => {
    const { headers } = await withSessionAs(db(), 'admin');
    const { user: client, headers: clientHeaders } = await withSessionAs(db(), 'client');
    const project = await buildProject(db(), { ownerId: client.id });
    const name = repoName();
    const { secret } = (await connect(project.id, headers, { provider: 'gitlab', name })).json().data
      .attributes;
    const push = gitlabExample('push-hook');
    (push.project as Record<string, unknown>).path_with_namespace = name;
    await deliver(t.app, { provider: 'gitlab', event: 'Push Hook', payload: push, secret });
    await t.app.jobs.runDue({ tick: false, tasks: ['git-delivery'] });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/project/${project.id}/git-activity?page[size]=1`,
      headers: clientHeaders,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ type: 'git-commit', attributes: { branch: 'master' } });
    expect(body.included).toEqual([
      expect.objectContaining({
        type: 'repository',
        id: String(body.data[0].relationships.repository.data.id),
      }),
    ]);
    expect(res.body).not.toContain('@');
    const stranger = await withSessionAs(db(), 'client');
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/project/${project.id}/git-activity`,
      headers: stranger.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});
