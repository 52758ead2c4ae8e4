import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitCommits } from '../../db/schema/index.ts';
import { buildProject, withSessionAs } from '../../test/factories.ts';
import { deliver, githubExample } from '../../test/git-webhooks.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

// Issue 41 finding 5c: a delivery id was unique across all repositories, so a signed push to one
// repository that reused another's delivery id was dropped as 'duplicate' (docs/adr/0023-webhooks.md).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const runJobs = () => t.app.jobs.runDue({ tick: false, tasks: ['git-delivery'] });

let seq = 0;
async function connectedRepository() {
  const { headers } = await withSessionAs(t.database.db, 'admin');
  const project = await buildProject(t.database.db);
  const name = `acme-${++seq}/repo-${Date.now().toString(36)}`;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/project/${project.id}/repositories`,
    headers,
    payload: { data: { type: 'repository', attributes: { provider: 'github', name } } },
  });
  expect(res.statusCode, res.body).toBe(201);
  const repo = res.json().data as { id: string; attributes: { secret: string } };
  return { name, secret: repo.attributes.secret, repositoryId: Number(repo.id) };
}

function push(name: string) {
  const payload = githubExample('push', (p) => Array.isArray(p.commits) && p.commits.length > 0);
  const [template] = payload.commits as Array<Record<string, unknown>>;
  (payload.repository as Record<string, unknown>).full_name = name;
  payload.ref = 'refs/heads/master';
  payload.commits = [
    { ...template, id: randomUUID().replaceAll('-', '').padEnd(40, 'b'), message: `Work ${++seq}` },
  ];
  return payload;
}

const commitsOf = async (repositoryId: number) =>
  (await t.database.db.select().from(gitCommits).where(eq(gitCommits.repositoryId, repositoryId))).length;

describe('a delivery id is deduplicated per repository', () => {
  it('two repositories may send the same delivery id; the same repository may not twice', async () => {
    const one = await connectedRepository();
    const two = await connectedRepository();
    const deliveryId = randomUUID();
    const send = (r: typeof one) =>
      deliver(t.app, {
        provider: 'github',
        event: 'push',
        payload: push(r.name),
        secret: r.secret,
        deliveryId,
      });
    const first = await send(one);
    const second = await send(two);
    expect([first.json().meta.result, second.json().meta.result]).toEqual(['accepted', 'accepted']);
    const again = await send(one);
    expect(again.json().meta.result).toBe('duplicate');
    await runJobs();
    expect([await commitsOf(one.repositoryId), await commitsOf(two.repositoryId)]).toEqual([1, 1]);
  });
});
