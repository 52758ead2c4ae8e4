// Issue 43 §2: one log format at a time. Off a terminal (a supervisor, a container, a log shipper) every
// line on stdout is one JSON object — the start line and start.mjs's own words included; with
// LOG_FORMAT=pretty a person reads one line per request with its local time, zone and a rounded time.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type StartAppOptions, startApp } from './support/app.ts';

async function someRequests(url: string) {
  await fetch(`${url}/api/health`);
  await fetch(`${url}/api/no-such-thing`);
  await fetch(`${url}/api/authorization/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/vnd.api+json', origin: url },
    body: JSON.stringify({
      data: { type: 'user', attributes: { login: 'nobody@example.com', password: 'x' } },
    }),
  });
}

/** Starts the app, makes the requests, stops it: the non-empty lines it wrote on stdout. */
async function stdoutLinesAfterRequests(options: StartAppOptions): Promise<string[]> {
  const app = await startApp(options);
  try {
    await someRequests(app.url);
  } finally {
    await app.stop();
  }
  return app
    .stdout()
    .split('\n')
    .filter((line) => line !== '');
}

test('off a terminal, `npm start --silent` writes one JSON object per stdout line', async () => {
  // What the README tells a supervisor to run; without --silent npm itself prints its banner on stdout.
  const lines = await stdoutLinesAfterRequests({
    command: ['npm', 'start', '--silent'],
    env: { REBUILD: undefined },
  });
  assert.ok(lines.length >= 6, `a log was written:\n${lines.join('\n')}`);
  const notJson = lines.filter((line) => {
    try {
      return typeof JSON.parse(line) !== 'object';
    } catch {
      return true;
    }
  });
  assert.deepEqual(notJson, [], 'every stdout line is a JSON object');
  const messages = lines.map((line) => (JSON.parse(line) as { msg?: string }).msg ?? '');
  assert.ok(messages.some((msg) => msg.startsWith('Delivery Desk listening on http://127.0.0.1:')));
  assert.ok(messages.includes('SIGTERM received, closing'));
  console.log(`# ${lines.length} stdout lines, all JSON`);
});

test('LOG_FORMAT=pretty: one line per request, local time with its zone, whole milliseconds', async () => {
  const lines = await stdoutLinesAfterRequests({ env: { LOG_FORMAT: 'pretty', TZ: 'Europe/Berlin' } });
  const health = lines.filter((line) => line.includes('/api/health'));
  assert.ok(health.length >= 1, lines.join('\n'));
  for (const line of health)
    assert.match(line, /^\d\d:\d\d:\d\d CET INFO {2}GET \/api\/health 200 \d+ ms reqId=/);
  assert.equal(
    lines.filter((line) => line.includes('incoming request')).length,
    0,
    'a request is one line, not two',
  );
  assert.ok(
    lines.some((line) => / INFO {2}GET \/api\/no-such-thing 404 \d+ ms/.test(line)),
    lines.join('\n'),
  );
});
