#!/usr/bin/env node
// Lighthouse budgets of docs/product.md §D8 and docs/product.md §F5: performance 95+ on desktop and 90+ on mobile,
// accessibility 100, on the sign-in page and the client project page. Plain JS, no dependency of ours: Lighthouse runs through `npx -y`.
//
//   npm run build && node bench/lighthouse.mjs
//
// It starts the built server (apps/api/dist/server.js, or E2E_SERVER_ENTRY) on a free port with a fresh
// embedded database filled by the demo seed, signs in as the demo client, runs Lighthouse LH_RUNS times
// (default 3) on each page, on desktop (--preset=desktop) and mobile (Lighthouse's default: a phone with
// simulated slow 4G and a 4x slower CPU), and prints the median scores. LH_FORM_FACTORS=desktop (or
// mobile) runs one of them only; LH_PAGES=project (or signin) measures one page only. WEB_DIST picks
// another web build, E2E_SERVER_ENTRY another server (to alternate two builds); LH_URL
// measures an already running server instead (then LH_LOGIN / LH_PASSWORD sign in, and the project page
// is the first project of that client). LH_REPORT_DIR keeps each run's JSON report; LH_CPU_SLOWDOWN sets
// the phone's CPU multiplier (Lighthouse's default 4) to stand in for a slower machine. The project page
// is measured as the client's first visit: the first-visit tour's schedule-call modal is open in every
// run (Lighthouse never closes it). Exits 1 when a score misses its budget. Performance moves with the
// machine's load: measure on an idle machine.
import { execFile, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const LIGHTHOUSE = 'lighthouse@12.8.2';
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking';
const BUDGETS = {
  desktop: { performance: 95, accessibility: 100 },
  mobile: { performance: 90, accessibility: 100 },
};
const formFactors = (process.env.LH_FORM_FACTORS ?? 'desktop,mobile')
  .split(',')
  .map((f) => f.trim())
  .filter((f) => f in BUDGETS);
const DEMO_LOGIN = 'chris.walker@demo.test';
const DEMO_PASSWORD = 'demo-pass-123';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Math.max(1, Number(process.env.LH_RUNS ?? 3));
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function run(command, args, env) {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { cwd: root, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${command} ${args.join(' ')} failed:\n${stderr || error.message}`));
        else resolve(stdout);
      },
    );
  });
}

async function waitForServer(base, child) {
  for (let i = 0; i < 150; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/login/signin`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start in 30 s');
}

/** A fresh database with the demo agency, and the built server on it. */
async function startServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dd-lighthouse-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };
  await run(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/seed-demo.ts'], env);
  const port = await freePort();
  const entry = process.env.E2E_SERVER_ENTRY ?? path.join(root, 'apps/api/dist/server.js');
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForServer(base, child);
  const stop = () => {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, stop };
}

async function signIn(base, login, password) {
  const response = await fetch(`${base}/api/authorization/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/vnd.api+json' },
    body: JSON.stringify({ data: { attributes: { login, password } } }),
  });
  if (!response.ok) throw new Error(`sign-in as ${login} failed: ${response.status}`);
  const token = (await response.json()).data.attributes.token;
  const mine = await fetch(`${base}/api/project/mine`, { headers: { cookie: `dd_token=${token}` } });
  const projectId = (await mine.json()).data?.[0]?.id;
  if (!projectId) throw new Error(`${login} has no project`);
  return { token, projectId };
}

/** One Lighthouse run; returns the category scores out of 100. */
async function lighthouse(url, headers, formFactor) {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'dd-lh-report-')), 'report.json');
  const args = [
    '-y',
    LIGHTHOUSE,
    url,
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
    // LH_CPU_SLOWDOWN stands in for a slower machine: the phone's CPU multiplier (Lighthouse's default is 4).
    ...(process.env.LH_CPU_SLOWDOWN
      ? [`--throttling.cpuSlowdownMultiplier=${process.env.LH_CPU_SLOWDOWN}`]
      : []),
    '--only-categories=performance,accessibility',
    `--chrome-flags=${CHROME_FLAGS}`,
    '--output=json',
    `--output-path=${out}`,
    '--quiet',
  ];
  if (headers) args.push(`--extra-headers=${JSON.stringify(headers)}`);
  let report;
  try {
    await run('npx', args, { CHROME_PATH: chromePath });
    report = JSON.parse(readFileSync(out, 'utf8'));
    // LH_REPORT_DIR keeps each run's JSON report (to read its diagnostics).
    if (process.env.LH_REPORT_DIR)
      copyFileSync(out, path.join(process.env.LH_REPORT_DIR, `${formFactor}-${Date.now()}.json`));
  } finally {
    rmSync(path.dirname(out), { recursive: true, force: true });
  }
  if (report.runtimeError) throw new Error(`Lighthouse: ${report.runtimeError.message}`);
  const failed = report.categories.accessibility.auditRefs
    .map((ref) => report.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    .map((audit) => audit.id);
  const metric = (id) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    metrics: {
      FCP: metric('first-contentful-paint'),
      LCP: metric('largest-contentful-paint'),
      TBT: metric('total-blocking-time'),
      SI: metric('speed-index'),
      CLS: metric('cumulative-layout-shift'),
    },
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    failed,
    url: report.finalDisplayedUrl,
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART); such a run is tried once more. */
async function lighthouseWithRetry(url, headers, formFactor) {
  try {
    return await lighthouse(url, headers, formFactor);
  } catch (error) {
    console.log(`  retrying after: ${String(error.message).split('\n').at(-1)}`);
    return lighthouse(url, headers, formFactor);
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const external = process.env.LH_URL?.replace(/\/$/, '');
const server = external ? { base: external, stop: () => {} } : await startServer();
let ok = true;
try {
  const { token, projectId } = await signIn(
    server.base,
    process.env.LH_LOGIN ?? DEMO_LOGIN,
    process.env.LH_PASSWORD ?? DEMO_PASSWORD,
  );
  const wanted = (process.env.LH_PAGES ?? 'signin,project').split(',').map((p) => p.trim());
  const pages = [
    { key: 'signin', name: 'sign-in page', url: `${server.base}/login/signin`, headers: null },
    {
      key: 'project',
      name: 'client project page',
      url: `${server.base}/project/daily-updates/${projectId}`,
      headers: { Cookie: `dd_token=${token}` },
    },
  ].filter((page) => wanted.includes(page.key));
  console.log(
    `${LIGHTHOUSE} (${formFactors.join(', ')}), chrome flags "${CHROME_FLAGS}", median of ${runs} run(s), load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const formFactor of formFactors) {
    const budget = BUDGETS[formFactor];
    for (const page of pages) {
      const results = [];
      for (let i = 0; i < runs; i++)
        results.push(await lighthouseWithRetry(page.url, page.headers, formFactor));
      const last = results.at(-1);
      if (!new URL(last.url).pathname.startsWith(new URL(page.url).pathname))
        throw new Error(`${page.name}: Lighthouse ended on ${last.url}, not ${page.url}`);
      for (const category of ['performance', 'accessibility']) {
        const values = results.map((r) => r[category]);
        const score = median(values);
        const pass = score >= budget[category];
        ok &&= pass;
        console.log(
          `${formFactor} ${page.name} ${category}: ${score} (budget ${budget[category]}, runs ${values.join('/')}) ${pass ? 'ok' : 'OVER BUDGET'}`,
        );
      }
      const metrics = Object.keys(results[0].metrics).map((name) => {
        const value = median(results.map((r) => r.metrics[name]));
        return name === 'CLS' ? `${name} ${value.toFixed(3)}` : `${name} ${Math.round(value)} ms`;
      });
      console.log(`  medians: ${metrics.join(', ')}`);
      const failed = [...new Set(results.flatMap((r) => r.failed))];
      if (failed.length > 0) console.log(`  failing accessibility audits: ${failed.join(', ')}`);
    }
  }
} finally {
  server.stop();
}
process.exit(ok ? 0 : 1);
