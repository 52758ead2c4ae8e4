import { monitorEventLoopDelay } from 'node:perf_hooks';
import { TASK_STATUS } from '@dd/domain';
import { sign } from '@octokit/webhooks-methods';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gitCommits,
  gitPullRequests,
  liveEvents,
  projectEvents,
  sprints,
  tasks,
  webhookDeliveries,
} from '../../db/schema/index.ts';
import { buildProject, withSessionAs } from '../../test/factories.ts';
import { deliver, githubExample, gitlabExample } from '../../test/git-webhooks.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Webhook deliveries with the providers' own example payloads, signed with the repository's secret:
 * commits and requests recorded, the tasks they name moved by the board's rules, each once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;
const runJobs = () => t.app.jobs.runDue({ tick: false, tasks: ['git-delivery'] });

let seq = 0;
/** A project with a started sprint, connected to a new repository of the provider. */
async function setup(provider: 'github' | 'gitlab') {
  const { headers } = await withSessionAs(db(), 'admin');
  const project = await buildProject(db());
  const [sprint] = await db()
    .insert(sprints)
    .values({ projectId: project.id, sprintStatusId: 2 })
    .returning();
  const name = `acme-${++seq}/repo-${Date.now().toString(36)}`;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/project/${project.id}/repositories`,
    headers,
    payload: { data: { type: 'repository', attributes: { provider, name } } },
  });
  expect(res.statusCode, res.body).toBe(201);
  const repo = res.json().data as { id: string; attributes: { secret: string; 'webhook-url': string } };
  const task = async (statusId: number, inSprint = true) =>
    (
      await db()
        .insert(tasks)
        .values({
          projectId: project.id,
          sprintId: inSprint ? sprint!.id : null,
          title: `Task ${++seq}`,
          taskStatusId: statusId,
        })
        .returning()
    )[0]!;
  return {
    project,
    sprint: sprint!,
    name,
    secret: repo.attributes.secret,
    repositoryId: Number(repo.id),
    task,
    headers,
  };
}
const statusOf = async (id: number) =>
  (await db().select({ s: tasks.taskStatusId }).from(tasks).where(eq(tasks.id, id)))[0]!.s;
const historyOf = (taskId: number) =>
  db()
    .select()
    .from(projectEvents)
    .where(and(eq(projectEvents.entity, 'task'), eq(projectEvents.entityId, taskId)));

/** The commits' first lines the Git tab lists (or the task's, with `taskId`), sorted. */
async function tabMessages(s: { project: { id: number }; headers: Record<string, string> }, taskId?: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/project/${s.project.id}/git-activity${taskId ? `?filter[task]=${taskId}` : ''}`,
    headers: { authorization: s.headers.authorization! },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Array<{ type: string; attributes: { message: string } }>)
    .filter((r) => r.type === 'git-commit')
    .map((r) => r.attributes.message.split(/[,\n]/)[0]!.replace(/ for #.*$/, ''))
    .sort();
}

/** GitHub's push example on the default branch, its commits replaced by `messages`. */
function githubPush(name: string, messages: string[], branch = 'master') {
  const payload = githubExample('push', (p) => Array.isArray(p.commits) && p.commits.length > 0);
  const [template] = payload.commits as Array<Record<string, unknown>>;
  (payload.repository as Record<string, unknown>).full_name = name;
  payload.ref = `refs/heads/${branch}`;
  payload.commits = messages.map((message, i) => ({
    ...template,
    id: `${(Date.now() + i).toString(16)}${String(++seq).padStart(8, '0')}`.padEnd(40, 'a'),
    message,
  }));
  return payload;
}

describe('POST /api/webhooks/github', () => {
  it('answers a ping signed with the secret, and refuses it unsigned or forged with 401, storing nothing', async () => {
    const { name, secret, repositoryId } = await setup('github');
    const ping = githubExample('ping');
    (ping.repository as Record<string, unknown>).full_name = name;
    expect(
      (await deliver(t.app, { provider: 'github', event: 'ping', payload: ping, secret })).statusCode,
    ).toBe(202);
    const forged = await deliver(t.app, {
      provider: 'github',
      event: 'ping',
      payload: ping,
      secret: 'not-the-secret',
    });
    expect(forged.statusCode).toBe(401);
    const unsigned = await deliver(t.app, {
      provider: 'github',
      event: 'ping',
      payload: ping,
      secret,
      signature: null,
    });
    expect(unsigned.statusCode).toBe(401);
    const stored = await db()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.repositoryId, repositoryId));
    expect(stored).toHaveLength(1);
  });

  it('answers a repository nobody connected as a wrong signature (401), and 202 ignoring an event it does not handle', async () => {
    const { name, secret } = await setup('github');
    const ping = githubExample('ping');
    (ping.repository as Record<string, unknown>).full_name = 'nobody/nothing';
    expect(
      (await deliver(t.app, { provider: 'github', event: 'ping', payload: ping, secret })).statusCode,
    ).toBe(401);
    const star = githubExample('star');
    (star.repository as Record<string, unknown>).full_name = name;
    const res = await deliver(t.app, { provider: 'github', event: 'star', payload: star, secret });
    expect(res.statusCode).toBe(202);
    expect(res.json().meta.result).toBe('ignored');
  });

  it('records a push of several commits and moves the tasks they name, by the lifecycle, once', async () => {
    const s = await setup('github');
    const unstarted = await s.task(TASK_STATUS.unstarted);
    const started = await s.task(TASK_STATUS.started);
    const finished = await s.task(TASK_STATUS.finished);
    const outside = await s.task(TASK_STATUS.unstarted, false);
    const other = await buildProject(db());
    const [foreign] = await db().insert(tasks).values({ projectId: other.id, title: 'Not ours' }).returning();
    const payload = githubPush(s.name, [
      `Login form [Starts #${unstarted.id}]`,
      `Validation [Finishes #${started.id}] and see #${finished.id}`,
      `Ship it [Delivers #${finished.id}]`,
      `Deliver a task just started [Delivers #${unstarted.id}] [Starts #${outside.id}]`,
      `Not ours [Starts #${foreign!.id}]`,
    ]);
    const deliveryId = 'push-delivery-1';
    const res = await deliver(t.app, {
      provider: 'github',
      event: 'push',
      payload,
      secret: s.secret,
      deliveryId,
    });
    expect(res.statusCode).toBe(202);
    await runJobs();
    expect(await statusOf(unstarted.id)).toBe(TASK_STATUS.started);
    expect(await statusOf(started.id)).toBe(TASK_STATUS.finished);
    expect(await statusOf(finished.id)).toBe(TASK_STATUS.delivered);
    expect(await statusOf(outside.id)).toBe(TASK_STATUS.unstarted);
    expect(await statusOf(foreign!.id)).toBe(TASK_STATUS.unstarted);

    // Done by the commit: short sha, author's name, link.
    const [start] = (await historyOf(unstarted.id)).filter((e) => e.action === 'start');
    expect(start!.actorId).toBeNull();
    expect(start!.details).toMatchObject({ git: { provider: 'github', authorName: 'Codertocat' } });
    expect((start!.details as { git: { ref: string } }).git.ref).toHaveLength(7);
    // A task outside a started sprint is not moved: the request is a note in its history.
    const [refused] = (await historyOf(unstarted.id)).filter((e) => e.action === 'git-note');
    expect(refused!.details).toMatchObject({ requested: 'deliver', reason: 'not-allowed', from: 2 });
    const notes = (await historyOf(outside.id)).filter((e) => e.action === 'git-note');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.details).toMatchObject({ requested: 'start', reason: 'not-in-sprint' });
    expect(await historyOf(foreign!.id)).toHaveLength(0);

    const commits = await db().select().from(gitCommits).where(eq(gitCommits.repositoryId, s.repositoryId));
    expect(commits).toHaveLength(5);
    expect(commits.find((c) => c.message.startsWith('Validation'))!.taskIds).toEqual(
      [started.id, finished.id].sort((a, b) => a - b),
    );
    expect(commits.find((c) => c.message.startsWith('Not ours'))!.taskIds).toEqual([]);
    const live = await db()
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.projectId, s.project.id), eq(liveEvents.kind, 'git')));
    expect(live).toHaveLength(1);

    // The same delivery again: 200, nothing done twice.
    const replay = await deliver(t.app, {
      provider: 'github',
      event: 'push',
      payload,
      secret: s.secret,
      deliveryId,
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json().meta.result).toBe('duplicate');
    // The same commits pushed again under a new delivery id (a merge carrying them): no second move.
    await deliver(t.app, { provider: 'github', event: 'push', payload, secret: s.secret });
    await runJobs();
    expect((await historyOf(unstarted.id)).filter((e) => e.action === 'start')).toHaveLength(1);
    expect(await statusOf(finished.id)).toBe(TASK_STATUS.delivered);
  });

  it('records a refused move as a note and never accepts', async () => {
    const s = await setup('github');
    const unstarted = await s.task(TASK_STATUS.unstarted);
    const delivered = await s.task(TASK_STATUS.delivered);
    const payload = githubPush(s.name, [
      `[Delivers #${unstarted.id}] [Finishes #${delivered.id}] Fixes #${delivered.id}`,
    ]);
    await deliver(t.app, { provider: 'github', event: 'push', payload, secret: s.secret });
    await runJobs();
    expect(await statusOf(unstarted.id)).toBe(TASK_STATUS.unstarted);
    expect(await statusOf(delivered.id)).toBe(TASK_STATUS.delivered);
    const notes = (await historyOf(unstarted.id)).filter((e) => e.action === 'git-note');
    expect(notes[0]!.details).toMatchObject({ requested: 'deliver', reason: 'not-allowed', from: 1 });
  });

  it('delivers what a branch commit fixes once that commit reaches the default branch', async () => {
    const s = await setup('github');
    const task = await s.task(TASK_STATUS.started);
    const onBranch = githubPush(s.name, [`[Finishes #${task.id}] Fixes #${task.id}`], 'feature/login');
    await deliver(t.app, { provider: 'github', event: 'push', payload: onBranch, secret: s.secret });
    await runJobs();
    expect(await statusOf(task.id)).toBe(TASK_STATUS.finished);
    const merged = structuredClone(onBranch);
    merged.ref = 'refs/heads/master';
    await deliver(t.app, { provider: 'github', event: 'push', payload: merged, secret: s.secret });
    await runJobs();
    expect(await statusOf(task.id)).toBe(TASK_STATUS.delivered);
    const moves = (await historyOf(task.id)).map((e) => e.action).sort();
    expect(moves).toEqual(['deliver', 'finish']);
    // Listed once, where it lives now: on the default branch it was merged into.
    const commits = await db().select().from(gitCommits).where(eq(gitCommits.repositoryId, s.repositoryId));
    expect(commits.map((c) => c.branch)).toEqual(['master']);
  });

  it('stops listing a deleted branch’s commits on the Git tab; merged ones and task links stay', async () => {
    const s = await setup('github');
    const task = await s.task(TASK_STATUS.started);
    const merged = githubPush(s.name, [`Login form, see #${task.id}`], 'feature/login');
    const unmerged = githubPush(s.name, [`Abandoned idea for #${task.id}`], 'feature/login');
    const elsewhere = githubPush(s.name, ['Other work'], 'feature/other');
    for (const payload of [merged, unmerged, elsewhere])
      await deliver(t.app, { provider: 'github', event: 'push', payload, secret: s.secret });
    const toMaster = structuredClone(merged);
    toMaster.ref = 'refs/heads/master';
    await deliver(t.app, { provider: 'github', event: 'push', payload: toMaster, secret: s.secret });
    await runJobs();
    // GitHub's delete example is a tag's: a deleted tag hides nothing.
    const tag = githubExample('delete');
    (tag.repository as Record<string, unknown>).full_name = s.name;
    expect(tag.ref_type).toBe('tag');
    await deliver(t.app, {
      provider: 'github',
      event: 'delete',
      payload: { ...tag, ref: 'feature/login' },
      secret: s.secret,
    });
    await runJobs();
    expect(await tabMessages(s)).toEqual(['Abandoned idea', 'Login form', 'Other work']);

    const branch = { ...tag, ref: 'feature/login', ref_type: 'branch' };
    expect(
      (await deliver(t.app, { provider: 'github', event: 'delete', payload: branch, secret: s.secret }))
        .statusCode,
    ).toBe(202);
    await runJobs();
    expect(await tabMessages(s)).toEqual(['Login form', 'Other work']);
    // The task still shows every commit that names it.
    expect(await tabMessages(s, task.id)).toEqual(['Abandoned idea', 'Login form']);

    // GitHub also announces a deletion as a push with deleted: true (its own example, a tag's, as a branch's).
    const deletedPush = githubExample('push', (p) => p.deleted === true);
    (deletedPush.repository as Record<string, unknown>).full_name = s.name;
    deletedPush.ref = 'refs/heads/feature/other';
    await deliver(t.app, { provider: 'github', event: 'push', payload: deletedPush, secret: s.secret });
    await runJobs();
    expect(await tabMessages(s)).toEqual(['Login form']);
    // The branch pushed again: its commits are listed again.
    await deliver(t.app, { provider: 'github', event: 'push', payload: elsewhere, secret: s.secret });
    await runJobs();
    expect(await tabMessages(s)).toEqual(['Login form', 'Other work']);
  });

  it('delivers the tasks a merged pull request fixes, on merge to the default branch only', async () => {
    const s = await setup('github');
    const finished = await s.task(TASK_STATUS.finished);
    const opened = githubExample('pull_request', (p) => p.action === 'opened');
    const pr = opened.pull_request as Record<string, unknown>;
    (opened.repository as Record<string, unknown>).full_name = s.name;
    pr.title = `Checkout page, fixes #${finished.id}`;
    await deliver(t.app, { provider: 'github', event: 'pull_request', payload: opened, secret: s.secret });
    await runJobs();
    expect(await statusOf(finished.id)).toBe(TASK_STATUS.finished);

    const closed = githubExample('pull_request', (p) => p.action === 'closed');
    (closed.repository as Record<string, unknown>).full_name = s.name;
    // GitHub's example closes without merging; a merge is the same event with merged: true.
    Object.assign(closed.pull_request as Record<string, unknown>, {
      title: pr.title,
      number: pr.number,
      merged: true,
    });
    await deliver(t.app, { provider: 'github', event: 'pull_request', payload: closed, secret: s.secret });
    await runJobs();
    expect(await statusOf(finished.id)).toBe(TASK_STATUS.delivered);
    const [request] = await db()
      .select()
      .from(gitPullRequests)
      .where(eq(gitPullRequests.repositoryId, s.repositoryId));
    expect(request).toMatchObject({ state: 'merged', taskIds: [finished.id] });
  });

  it('takes a 10 MB push, answers at once and records it in the job', async () => {
    const s = await setup('github');
    const task = await s.task(TASK_STATUS.unstarted);
    const long = 'x'.repeat(5_000);
    const payload = githubPush(
      s.name,
      Array.from({ length: 2_000 }, (_, i) => (i === 0 ? `[Starts #${task.id}] ${long}` : `${long} ${i}`)),
    );
    // Serialized and signed before the clock starts: the test's own work is not the server's.
    const body = JSON.stringify(payload);
    expect(Buffer.byteLength(body)).toBeGreaterThan(10_000_000);
    const signature = await sign(s.secret, body);
    const forged = await deliver(t.app, {
      provider: 'github',
      event: 'push',
      payload: body,
      secret: s.secret,
      signature: `sha256=${'0'.repeat(64)}`,
      url: `/api/webhooks/github/${s.repositoryId}`,
    });
    expect(forged.statusCode).toBe(401);
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const started = performance.now();
    const res = await deliver(t.app, {
      provider: 'github',
      event: 'push',
      payload: body,
      secret: s.secret,
      signature,
      url: `/api/webhooks/github/${s.repositoryId}`,
    });
    const took = performance.now() - started;
    loop.disable();
    // Decoding, parsing and hashing happen in a worker thread: the event loop is never held for long
    // Printed, not asserted: garbage collection of the test's own 10 MB strings and a busy machine
    // make the figure noisy (typically 10-25 ms this way, about 90 ms with the same work in place).
    console.log(
      `10 MB push: answered in ${took.toFixed(0)} ms, longest event-loop delay ${(loop.max / 1e6).toFixed(1)} ms`,
    );
    expect(res.statusCode, res.body).toBe(202);
    // The answer does not wait for the 2,000 commits to be recorded (the job does that).
    expect(took).toBeLessThan(3_000);
    await runJobs();
    expect(await statusOf(task.id)).toBe(TASK_STATUS.started);
    const commits = await db()
      .select({ id: gitCommits.id })
      .from(gitCommits)
      .where(eq(gitCommits.repositoryId, s.repositoryId));
    expect(commits).toHaveLength(2_000);
  });
});

describe('POST /api/webhooks/gitlab', () => {
  it('records GitLab’s documented push and merge request, and refuses a wrong token', async () => {
    const s = await setup('gitlab');
    const task = await s.task(TASK_STATUS.started);
    const push = gitlabExample('push-hook');
    (push.project as Record<string, unknown>).path_with_namespace = s.name;
    (push.commits as Array<Record<string, unknown>>)[1]!.message = `fixed readme [Finishes #${task.id}]`;
    const wrong = await deliver(t.app, {
      provider: 'gitlab',
      event: 'Push Hook',
      payload: push,
      secret: 'wrong',
    });
    expect(wrong.statusCode).toBe(401);
    const res = await deliver(t.app, {
      provider: 'gitlab',
      event: 'Push Hook',
      payload: push,
      secret: s.secret,
    });
    expect(res.statusCode).toBe(202);
    const mr = gitlabExample('merge-request-hook');
    (mr.project as Record<string, unknown>).path_with_namespace = s.name;
    Object.assign(mr.object_attributes as Record<string, unknown>, {
      description: `Closes #${task.id}`,
      state: 'merged',
      action: 'merge',
    });
    await deliver(t.app, { provider: 'gitlab', event: 'Merge Request Hook', payload: mr, secret: s.secret });
    await runJobs();
    expect(await statusOf(task.id)).toBe(TASK_STATUS.delivered);
    const commits = await db().select().from(gitCommits).where(eq(gitCommits.repositoryId, s.repositoryId));
    expect(commits.map((c) => c.authorName).sort()).toEqual(['GitLab dev user', 'Jordi Mallach']);
    const [request] = await db()
      .select()
      .from(gitPullRequests)
      .where(eq(gitPullRequests.repositoryId, s.repositoryId));
    expect(request).toMatchObject({
      number: 1,
      state: 'merged',
      authorName: 'Administrator',
      taskIds: [task.id],
    });
  });

  it('stops listing a branch GitLab reports deleted (a push whose after is all zeros)', async () => {
    const s = await setup('gitlab');
    const push = gitlabExample('push-hook');
    (push.project as Record<string, unknown>).path_with_namespace = s.name;
    push.ref = 'refs/heads/feature/readme';
    await deliver(t.app, { provider: 'gitlab', event: 'Push Hook', payload: push, secret: s.secret });
    await runJobs();
    expect(await tabMessages(s)).toHaveLength(2);
    // As GitLab documents a deleted branch's push: after all zeros, no commits, no checkout sha.
    const deleted: Record<string, unknown> = {
      ...gitlabExample('push-hook'),
      ref: 'refs/heads/feature/readme',
      before: push.after,
      after: '0000000000000000000000000000000000000000',
      checkout_sha: null,
      commits: [],
      total_commits_count: 0,
    };
    (deleted.project as Record<string, unknown>).path_with_namespace = s.name;
    await deliver(t.app, { provider: 'gitlab', event: 'Push Hook', payload: deleted, secret: s.secret });
    await runJobs();
    expect(await tabMessages(s)).toEqual([]);
    const stored = await db().select().from(gitCommits).where(eq(gitCommits.repositoryId, s.repositoryId));
    expect(stored).toHaveLength(2);
  });

  it('refuses every delivery once the repository is disconnected (401), its activity kept', async () => {
    const s = await setup('gitlab');
    const push = gitlabExample('push-hook');
    (push.project as Record<string, unknown>).path_with_namespace = s.name;
    await deliver(t.app, { provider: 'gitlab', event: 'Push Hook', payload: push, secret: s.secret });
    await runJobs();
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/repository/${s.repositoryId}`,
      headers: { authorization: s.headers.authorization },
    });
    expect(del.statusCode).toBe(204);
    const again = await deliver(t.app, {
      provider: 'gitlab',
      event: 'Push Hook',
      payload: push,
      secret: s.secret,
    });
    expect(again.statusCode).toBe(401);
    const atItsUrl = await deliver(t.app, {
      provider: 'gitlab',
      event: 'Push Hook',
      payload: push,
      secret: s.secret,
      url: `/api/webhooks/gitlab/${s.repositoryId}`,
    });
    expect(atItsUrl.statusCode).toBe(401);
    const activity = await t.app.inject({
      method: 'GET',
      url: `/api/project/${s.project.id}/git-activity`,
      headers: { authorization: s.headers.authorization },
    });
    expect(activity.json().data.filter((r: { type: string }) => r.type === 'git-commit')).toHaveLength(2);
  });
});
