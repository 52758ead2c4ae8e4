import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSessionAs } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

// Issue 41 finding 5a: the calendar feed's secret was written to the request log
// ("url":"/api/calendar/<token>.ics"), though docs/product.md §F4 promises no tokens in the log.
const logs: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { logs });
});
afterAll(() => t.close());

const noBody = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => k !== 'content-type'));

describe('token-bearing paths are logged without their token', () => {
  it('the calendar feed URL and any long token-like path segment never reach the log', async () => {
    const admin = await withSessionAs(t.database.db, 'admin');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/calendar-feed/reset',
      headers: noBody(admin.headers),
    });
    expect(reset.statusCode).toBe(201);
    const feedPath = new URL((reset.json() as { data: { attributes: { url: string } } }).data.attributes.url)
      .pathname;
    const feedToken = feedPath.replace(/^\/api\/calendar\//, '').replace(/\.ics$/, '');
    const stranger = 'Zq9xV3cT7mK2pL8wR4nB6yH1jD5fG0sAeUiOo_-QwEr';
    const paths = [
      feedPath,
      `/api/calendar/${stranger}.ics`,
      `/api/calendar/${stranger}`,
      `/api/unknown/${stranger}/more`,
    ];
    const leaked: string[] = [];
    for (const url of paths) {
      const before = logs.length;
      await t.app.inject({ method: 'GET', url });
      const secret = url === feedPath ? feedToken : stranger;
      if (logs.slice(before).some((line) => line.includes(secret))) leaked.push(url);
    }
    expect(logs.some((line) => line.includes('"url":"/api/calendar/'))).toBe(true);
    expect(leaked, `${leaked.length}/${paths.length} leaked`).toEqual([]);
  });
});
