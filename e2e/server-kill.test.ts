// `kill -9` of the app server itself (what the OOM killer does to the biggest process) under 50 writes a
// second. The real `npm start` (scripts/start.mjs) with a temp DATA_DIR: it starts the server again after
// a SIGKILL (docs/adr/0044-embedded-postgres-watchdog.md), the new server adopts the embedded PostgreSQL the
// dead one left running, and /api/health is 200 again with no person. Every write answered 2xx must be in
// the database; the answers during the gap are counted and printed.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { clusterPaths, readPidFile, socketUrl } from '../apps/api/src/db/embedded-postgres.ts';
import { type RunningApp, startApp } from './support/app.ts';
import { fixedRate, type Outcome, request, serverPidUnder, tally, tokenOf } from './support/load.ts';
import { repoRoot } from './support/paths.ts';

const WRITES_PER_SECOND = 50;
/**
 * Issue 41's bound: service back within 10 s of the kill, with no person. With the cores to itself, as the
 * journeys run in `npm test`: 2.1 s (6 Dec, idle node-svc) and 7.2 s (an earlier run); with other work on the
 * 2 cores (load average 13-14) the boot alone took 17-19 s (docs/adr/0044-embedded-postgres-watchdog.md).
 */
const HEAL_LIMIT_S = 10;

let app: RunningApp | undefined;
after(async () => {
  await app?.stop();
});

test(`kill -9 of the server under ${WRITES_PER_SECOND} writes/s: back within ${HEAL_LIMIT_S} s, no acknowledged write lost`, {
  timeout: 120_000,
}, async () => {
  app = await startApp({
    command: [process.execPath, `${repoRoot}/scripts/start.mjs`],
    env: { LOG_LEVEL: 'warn' },
  });
  const base = app.url;
  const token = await tokenOf(base, app.admin.email, app.admin.password);

  const outcomes: Array<Outcome & { title: string }> = [];
  const load = fixedRate(WRITES_PER_SECOND, async (n) => {
    const title = `Kill load ${n}`;
    const outcome = await request(base, 'POST', '/api/company/create', {
      token,
      body: { data: { type: 'company', attributes: { title } } },
    });
    outcomes.push({ ...outcome, title });
  });
  await sleep(3_000);

  const victim = await serverPidUnder(app.pid);
  process.kill(victim, 'SIGKILL');
  const killedAt = performance.now();
  let healedAt = 0;
  const healthSeen: Outcome['status'][] = [];
  while (!healedAt) {
    const health = await request(base, 'GET', '/api/health', { timeoutMs: 1_000 });
    healthSeen.push(health.status);
    if (health.status === 200) healedAt = performance.now();
    else if (performance.now() - killedAt > 60_000) assert.fail(`never healed:\n${app.logTail()}`);
    else await sleep(100);
  }
  assert.notEqual(await serverPidUnder(app.pid), victim, 'a new server runs');
  await sleep(3_000);
  const { started, skipped } = await load.stop();

  const acknowledged = outcomes.filter((o) => typeof o.status === 'number' && o.status < 300);
  const failed = outcomes.filter((o) => !(typeof o.status === 'number' && o.status < 300));
  // The gap as a writer saw it: from the last write answered before the kill to the first after the heal.
  const lastBefore = Math.max(...acknowledged.filter((o) => o.at < killedAt).map((o) => o.at + o.ms));
  const firstAfter = Math.min(...acknowledged.filter((o) => o.at > killedAt).map((o) => o.at + o.ms));

  const pidFile = readPidFile(clusterPaths(app.dataDir).cluster)!;
  const client = new pg.Client(socketUrl(pidFile.socketDir, pidFile.port, 'postgres'));
  await client.connect();
  const stored = new Set(
    (
      await client.query<{ title: string }>("select title from companies where title like 'Kill load %'")
    ).rows.map((row) => row.title),
  );
  await client.end();
  const lost = acknowledged.filter((o) => !stored.has(o.title)).map((o) => o.title);
  const inDoubt = failed.filter((o) => stored.has(o.title)).length;
  const healSeconds = (healedAt - killedAt) / 1000;

  console.log(
    `server kill: ${started} writes sent at ${WRITES_PER_SECOND}/s (${skipped} skipped), answers ${JSON.stringify(tally(outcomes.map((o) => o.status)))}; ` +
      `health 200 again ${healSeconds.toFixed(1)} s after the kill (bound ${HEAL_LIMIT_S} s; health while down ${JSON.stringify(tally(healthSeen))}); ` +
      `writers' gap ${((firstAfter - lastBefore) / 1000).toFixed(1)} s; ${failed.length} writes failed in the gap ` +
      `(${inDoubt} of them had committed); ${acknowledged.length} acknowledged, ${acknowledged.length - lost.length} found, ${lost.length} lost`,
  );
  assert.deepEqual(lost, [], 'every write answered 2xx is in the database');
  assert.ok(healSeconds < HEAL_LIMIT_S, `healed in ${healSeconds} s:\n${app.logTail()}`);
  assert.ok(
    acknowledged.some((o) => o.at > healedAt),
    'writes are answered again after the heal',
  );
  // Only the gap fails: a write refused while the server runs would be a bug, not the kill.
  for (const o of failed) assert.ok(o.at + o.ms > killedAt - 100 && o.at < healedAt, JSON.stringify(o));
});
