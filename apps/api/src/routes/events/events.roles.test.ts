import { ROLES } from '@dd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSessionAs } from '../../test/factories.ts';
import { listenOnFreePort, openEventStream } from '../../test/sse-client.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

// The role table of GET /api/events. It streams, so it is opened over a real connection (inject would
// wait for an end that never comes), then dropped.
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp();
  base = await listenOnFreePort(t.app);
});
afterAll(() => t.close());

describe('GET /api/events by role', () => {
  it('anonymous: 401', async () => {
    expect((await fetch(`${base}/api/events`)).status).toBe(401);
  });

  it.each(ROLES)('%s: 200, an event stream', async (role) => {
    const { headers } = await withSessionAs(t.database.db, role);
    const stream = await openEventStream(base, { authorization: headers.authorization });
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      await stream.next((e) => e.comment === 'connected');
    } finally {
      await stream.close();
    }
  });

  it('with APP_KEYS set, the key may ride in the query string (EventSource sends no headers)', async () => {
    const keyed = await buildTestApp({ appKeys: ['web'] });
    try {
      const keyedBase = await listenOnFreePort(keyed.app);
      const { headers } = await withSessionAs(keyed.database.db, 'developer');
      const bare = await fetch(`${keyedBase}/api/events`, {
        headers: { authorization: headers.authorization },
      });
      expect(bare.status).toBe(401);
      const withKey = await fetch(`${keyedBase}/api/events?key=web`, {
        headers: { authorization: headers.authorization },
      });
      expect(withKey.status).toBe(200);
      await withKey.body?.cancel();
      // Only the event stream reads the key from the query string.
      const check = await fetch(`${keyedBase}/api/authorization/check?key=web`, {
        headers: { authorization: headers.authorization },
      });
      expect(check.status).toBe(401);
    } finally {
      await keyed.close();
    }
  });
});
