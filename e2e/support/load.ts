// Load and fault helpers of the resilience journeys: plain HTTP at a fixed rate, the server's pid under
// `npm start`, and its resident memory.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export const JSON_API = 'application/vnd.api+json';

/** A session token for `login` (the API's sign-in, as the web app does it). */
export async function tokenOf(base: string, login: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/authorization/login`, {
    method: 'POST',
    headers: { 'content-type': JSON_API },
    body: JSON.stringify({ data: { type: 'user', attributes: { login, password } } }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`sign-in as ${login}: ${res.status} ${text}`);
  return (JSON.parse(text) as { data: { attributes: { token: string } } }).data.attributes.token;
}

/** What one request came to: its status ('no answer' when the connection failed) and how long it took. */
export type Outcome = { status: number | 'no answer'; ms: number; at: number; body: string };

export async function request(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Outcome> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = JSON_API;
  const started = performance.now();
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
    });
    const body = await res.text();
    return { status: res.status, ms: performance.now() - started, at: started, body };
  } catch {
    return { status: 'no answer', ms: performance.now() - started, at: started, body: '' };
  }
}

/**
 * Starts `fire(n)` `perSecond` times a second, on a fixed schedule whatever the answers take (an open
 * loop: a slow server gets the same arrivals, as real users give it). At most `maxInFlight` wait at once;
 * a tick that finds them all busy is counted as skipped. `stop()` resolves once every request ended.
 */
export function fixedRate(perSecond: number, fire: (n: number) => Promise<unknown>, maxInFlight = 200) {
  const interval = 1000 / perSecond;
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  let started = 0;
  let skipped = 0;
  const t0 = performance.now();
  const loop = (async () => {
    for (let n = 0; !stopped; n++) {
      const wait = t0 + n * interval - performance.now();
      if (wait > 0) await sleep(wait);
      if (stopped) break;
      if (inFlight.size >= maxInFlight) {
        skipped++;
        continue;
      }
      const job = fire(started++).finally(() => inFlight.delete(job));
      inFlight.add(job);
    }
  })();
  return {
    counts: () => ({ started, skipped }),
    async stop() {
      stopped = true;
      await loop;
      await Promise.all(inFlight);
      return { started, skipped };
    },
  };
}

/** The pids of `pid`'s children (the server that `scripts/start.mjs` runs). */
export function childPids(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when there is none
  }
}

/** The one server process `npm start` (pid) runs now, once it runs. */
export async function serverPidUnder(startPid: number, timeoutMs = 30_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [pid] = childPids(startPid);
    if (pid) return pid;
    if (Date.now() > deadline) throw new Error(`no server process under ${startPid}`);
    await sleep(50);
  }
}

/** Resident memory of a process in MB (VmRSS of /proc). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** The q-quantile (0..1) of some numbers, nearest rank. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/** Counts by key, e.g. statuses: `{"201": 480, "no answer": 12}`. */
export function tally(values: ReadonlyArray<string | number>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[String(value)] = (counts[String(value)] ?? 0) + 1;
  return counts;
}
