import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, TOO_DEEP_TITLE } from '../../lib/json-depth.ts';
import { buildProject, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, JSON_API, type TestApp } from '../../test/test-app.ts';

/**
 * The attack that froze the server: one anonymous JSON body nested 20,000 levels deep (120 KB) took 12.3 s
 * to answer while the event loop was blocked (the NUL check copied the path at every level). Nesting is
 * refused at parse time now, in one linear pass, on every JSON route and content type.
 */
let t: TestApp;
let admin: Record<string, string>;
let projectId: number;
beforeAll(async () => {
  t = await buildTestApp();
  ({ headers: admin } = await withSessionAs(t.database.db, 'admin'));
  projectId = (await buildProject(t.database.db)).id;
});
afterAll(() => t.close());

const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const post = (url: string, payload: string, contentType = JSON_API, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': contentType }, payload });

describe('deeply nested JSON bodies', () => {
  it('answers 400 at once to a 20,000- and a 40,000-level body, anonymous, as JSON:API and JSON', async () => {
    for (const [levels, contentType] of [
      [20_000, JSON_API],
      [40_000, 'application/json'],
      [20_000, 'text/plain'],
    ] as const) {
      const started = performance.now();
      const res = await post('/api/authorization/incomplete-registration', nested(levels), contentType);
      const ms = performance.now() - started;
      expect(res.statusCode, `${levels} levels as ${contentType}`).toBe(400);
      expect(res.json().errors[0].title).toBe(TOO_DEEP_TITLE);
      expect(ms).toBeLessThan(500);
    }
  });

  it('refuses it on a signed-in route and on the wizard too, and health stays quick', async () => {
    const body = nested(20_000);
    for (const url of [
      '/api/authorization/login',
      '/api/authorization/register-client',
      `/api/project/${projectId}/upload-file`,
    ]) {
      const res = await post(url, body, JSON_API, admin);
      expect(res.statusCode, url).toBe(400);
    }
    const started = performance.now();
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('still takes a body at the limit and finds a NUL deep inside it', async () => {
    const atLimit = `${'{"a":'.repeat(MAX_JSON_DEPTH - 1)}"x\\u0000"${'}'.repeat(MAX_JSON_DEPTH - 1)}`;
    const res = await post('/api/authorization/incomplete-registration', atLimit);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].source.pointer).toBe(
      `/${Array(MAX_JSON_DEPTH - 1)
        .fill('a')
        .join('/')}`,
    );
  });
});
