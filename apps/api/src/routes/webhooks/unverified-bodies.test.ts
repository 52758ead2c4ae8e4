import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../db/schema/index.ts';
import { buildProject, withSessionAs } from '../../test/factories.ts';
import { deliver, githubExample } from '../../test/git-webhooks.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Attacks on the webhook URLs (docs/adr/0023-webhooks.md, docs/product.md §F4): an unsigned body must not be
 * parsed before its signature is checked, its size is bounded before anyone proved they know a secret,
 * and the answers do not tell which repository names are connected.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let seq = 0;
async function connected() {
  const db = t.database.db;
  const { headers } = await withSessionAs(db, 'admin');
  const project = await buildProject(db);
  const name = `probe-${++seq}/repo-${Date.now().toString(36)}`;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/project/${project.id}/repositories`,
    headers,
    payload: { data: { type: 'repository', attributes: { provider: 'github', name } } },
  });
  expect(res.statusCode, res.body).toBe(201);
  const repo = res.json().data as { id: string; attributes: { secret: string; 'webhook-url': string } };
  return { name, id: repo.id, secret: repo.attributes.secret, url: repo.attributes['webhook-url'] };
}
const pushOf = (name: string) => {
  const push = githubExample('push');
  (push.repository as Record<string, unknown>).full_name = name;
  return push;
};

describe("a repository's own webhook URL", () => {
  it('is what the connect answer shows', async () => {
    const repo = await connected();
    expect(new URL(repo.url).pathname).toBe(`/api/webhooks/github/${repo.id}`);
  });

  it('checks the signature before reading the body as JSON', async () => {
    const repo = await connected();
    const res = await deliver(t.app, {
      provider: 'github',
      event: 'push',
      payload: 'not json at all',
      secret: 'a guess',
      url: `/api/webhooks/github/${repo.id}`,
    });
    expect(res.statusCode, res.body).toBe(401);
  });

  it('answers an unknown repository exactly as a wrong signature', async () => {
    const repo = await connected();
    const wrong = await deliver(t.app, {
      provider: 'github',
      event: 'push',
      payload: pushOf(repo.name),
      secret: 'a guess',
      url: `/api/webhooks/github/${repo.id}`,
    });
    const unknown = await deliver(t.app, {
      provider: 'github',
      event: 'push',
      payload: pushOf(repo.name),
      secret: 'a guess',
      url: '/api/webhooks/github/999999',
    });
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('takes a signed delivery, and refuses one that names another repository', async () => {
    const repo = await connected();
    const ok = await deliver(t.app, {
      provider: 'github',
      event: 'push',
      payload: pushOf(repo.name),
      secret: repo.secret,
      url: `/api/webhooks/github/${repo.id}`,
    });
    expect(ok.statusCode, ok.body).toBe(202);
    expect(ok.json().meta.result).toBe('accepted');
    const other = await deliver(t.app, {
      provider: 'github',
      event: 'push',
      payload: pushOf('someone/else'),
      secret: repo.secret,
      url: `/api/webhooks/github/${repo.id}`,
    });
    expect(other.statusCode, other.body).toBe(400);
  });
});

describe("the provider's shared webhook URL", () => {
  it('does not tell a connected repository name from an unknown one', async () => {
    const repo = await connected();
    const known = await deliver(t.app, {
      provider: 'github',
      event: 'push',
      payload: pushOf(repo.name),
      secret: 'a guess',
    });
    const unknown = await deliver(t.app, {
      provider: 'github',
      event: 'push',
      payload: pushOf('nobody/nothing'),
      secret: 'a guess',
    });
    expect([known.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(unknown.json()).toEqual(known.json());
  });

  it('reads at most 1 MiB before a signature is checked (413), pointing at the repository URL', async () => {
    const repo = await connected();
    const push = pushOf(repo.name);
    push.padding = 'x'.repeat(2 * 1024 * 1024);
    const res = await deliver(t.app, { provider: 'github', event: 'push', payload: push, secret: 'a guess' });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().errors[0].title).toMatch(/repository's own webhook URL/);
  });
});

describe('events without a repository (GitHub organisation and app hooks)', () => {
  it.each([
    ['ping', (p: Record<string, unknown>) => !p.repository],
    ['installation', () => true],
    ['security_advisory', () => true],
  ] as const)('a %s answers 202 ignored at the shared URL, and nothing is stored', async (event, match) => {
    const stored = async () => (await t.database.db.select().from(webhookDeliveries)).length;
    const before = await stored();
    const res = await deliver(t.app, {
      provider: 'github',
      event,
      payload: githubExample(event, match),
      secret: 'the organisation hook secret',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().meta.result).toBe('ignored');
    expect(await stored()).toBe(before);
  });

  it("a signed organisation ping at a repository's own URL is taken as that repository's", async () => {
    const repo = await connected();
    const res = await deliver(t.app, {
      provider: 'github',
      event: 'ping',
      payload: githubExample('ping', (p) => !p.repository),
      secret: repo.secret,
      url: `/api/webhooks/github/${repo.id}`,
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().meta.result).toBe('accepted');
  });
});
