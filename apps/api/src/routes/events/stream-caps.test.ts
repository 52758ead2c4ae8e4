import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { connect, type Database } from '../../db/client.ts';
import { createSession } from '../../modules/auth/sessions.ts';
import { withSessionAs } from '../../test/factories.ts';
import { listenOnFreePort, openEventStream } from '../../test/sse-client.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The attack: one session opened 1,500 concurrent event streams, all 200. At most 10 streams per
 * session and 20 per user (docs/adr/0019-event-stream-caps.md), counted in PostgreSQL so every app
 * process behind the load balancer shares the count; the one beyond answers 429, a closed one frees
 * its slot.
 */
const PER_SESSION = 10;
const PER_USER = 20;

let t: TestApp;
let base: string;
let second: FastifyInstance;
let secondDatabase: Database;
let secondBase: string;
const open: Array<{ close: () => Promise<void> }> = [];
beforeAll(async () => {
  t = await buildTestApp();
  base = await listenOnFreePort(t.app);
  // Another process: its own pool, LISTEN connection and stream count.
  secondDatabase = connect(t.database.url, t.database.driver);
  second = await buildApp({ config: t.config, database: secondDatabase, logger: false });
  await second.ready();
  secondBase = await listenOnFreePort(second);
});
afterAll(async () => {
  for (const s of open.splice(0)) await s.close();
  await second.close();
  await secondDatabase.close();
  await t.close();
});

async function stream(authorization: string, at = base) {
  const s = await openEventStream(at, { authorization });
  open.push(s);
  return s;
}

describe('event streams are capped', () => {
  it(`the ${PER_SESSION + 1}th stream of one session answers 429, across processes; closing one frees a slot`, async () => {
    const client = await withSessionAs(t.database.db, 'client');
    const auth = client.headers.authorization;
    const held = [];
    // Half on each process: the cap is one count, not one per process.
    for (let i = 0; i < PER_SESSION; i++) {
      const s = await stream(auth, i % 2 === 0 ? base : secondBase);
      expect(s.response.status).toBe(200);
      held.push(s);
    }
    for (const at of [base, secondBase]) {
      const refused = await stream(auth, at);
      expect(refused.response.status).toBe(429);
      expect(refused.response.headers.get('retry-after')).toBeTruthy();
      const text = await refused.response.text();
      const body = JSON.parse(text) as { errors: Array<{ title: string }> };
      expect(body.errors[0]?.title).toMatch(/too many/i);
    }
    await held[3]!.close();
    await expect
      .poll(async () => (await stream(auth, secondBase)).response.status, { timeout: 5000, interval: 100 })
      .toBe(200);
  });

  it(`a user's sessions together hold at most ${PER_USER}`, async () => {
    const client = await withSessionAs(t.database.db, 'client');
    const sessions = [client.headers.authorization];
    for (let i = 0; i < 2; i++) {
      const { token } = await createSession(t.database.db, {
        userId: client.user.id,
        remember: true,
        now: new Date(),
      });
      sessions.push(`Bearer ${token}`);
    }
    for (let i = 0; i < PER_USER; i++) {
      const s = await stream(sessions[i % 2]!, i % 3 === 0 ? secondBase : base);
      expect(s.response.status).toBe(200);
    }
    // A fresh session of the same user has no stream yet, but the user is at the cap.
    expect((await stream(sessions[2]!)).response.status).toBe(429);
    // Someone else is not affected.
    const other = await withSessionAs(t.database.db, 'client');
    expect((await stream(other.headers.authorization)).response.status).toBe(200);
  });

  it('slots of a process that died without closing them expire', async () => {
    const client = await withSessionAs(t.database.db, 'client');
    const [session] = (
      (await t.database.db.execute(
        sql`select id from sessions where user_id = ${client.user.id}`,
      )) as unknown as {
        rows: Array<{ id: number }>;
      }
    ).rows;
    for (let i = 0; i < PER_SESSION; i++)
      await t.database.db.execute(sql`insert into event_stream_slots (id, user_id, session_id, process_id, seen_at)
        values (${`dead-${i}-${client.user.id}`}, ${client.user.id}, ${session!.id}, 'dead', now() - interval '2 minutes')`);
    expect((await stream(client.headers.authorization)).response.status).toBe(200);
    await t.app.streamSlots.refresh();
    const left = (await t.database.db.execute(
      sql`select count(*)::int as n from event_stream_slots where process_id = 'dead'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(left.rows[0]?.n).toBe(0);
  });
});
