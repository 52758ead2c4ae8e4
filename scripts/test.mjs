#!/usr/bin/env node
// `npm test`: every suite in one run, a short per-suite summary, and as the very last line
// `N passed, N failed` (summed over suites). Exit code 0 only when nothing failed.
//
//   SKIP_E2E=1           skip the build and the browser journeys (fast local runs)
//   TEST_DATABASE_URL    also run the API suite against this PostgreSQL server (e.g. CI's 15)
//   npm test -- e2e      only the named suites: lint, typecheck, vitest, postgres, build, e2e
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSystemNeeds } from './system-needs.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(join(tmpdir(), 'dd-test-'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const minutes = 60_000;

/** Local binaries directly: faster than npx and never reaches for the network. */
function bin(name) {
  const local = join(root, 'node_modules', '.bin', name);
  return existsSync(local) ? [local] : ['npx', '--no', name];
}

let running; // the child of the suite in progress, so a signal can end its whole process group
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    if (running) killGroup(running, signal);
  });
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/** Runs a command with inherited output in its own process group; resolves with how it ended. */
function exec(command, args, { env = process.env, timeoutMs }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: true,
    });
    running = child;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child, 'SIGTERM');
      setTimeout(() => killGroup(child, 'SIGKILL'), 10_000).unref();
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      running = undefined;
      resolve({ code: 1, signal: null, timedOut, error: error.message });
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      running = undefined;
      resolve({ code, signal, timedOut });
    });
  });
}

function describeExit(result, timeoutMs) {
  if (result.error) return `could not start: ${result.error}`;
  if (result.timedOut) return `timed out after ${Math.round(timeoutMs / minutes)} min`;
  if (result.signal) return `killed by ${result.signal}`;
  return `exit code ${result.code}`;
}

/** A command that is one test: it passes when it exits 0. */
async function commandSuite(command, args, timeoutMs, env) {
  const result = await exec(command, args, { timeoutMs, env });
  return result.code === 0
    ? { passed: 1, failed: 0 }
    : { passed: 0, failed: 1, note: describeExit(result, timeoutMs) };
}

/** Vitest with its JSON report; a file that fails outside any test counts as one failure. */
async function vitestSuite(projects, env, reportName, timeoutMs) {
  const outputFile = join(reports, `${reportName}.json`);
  const projectArgs = projects.flatMap((project) => ['--project', project]);
  const result = await exec(
    bin('vitest')[0],
    [
      ...bin('vitest').slice(1),
      'run',
      ...projectArgs,
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${outputFile}`,
    ],
    { env, timeoutMs },
  );
  let report;
  try {
    report = JSON.parse(readFileSync(outputFile, 'utf8'));
  } catch {
    return { passed: 0, failed: 1, note: `no JSON report (${describeExit(result, timeoutMs)})` };
  }
  const passed = report.numPassedTests ?? 0;
  let failed = report.numFailedTests ?? 0;
  const notes = [];
  const brokenFiles = (report.testResults ?? []).filter(
    (file) =>
      file.status === 'failed' &&
      !(file.assertionResults ?? []).some((assertion) => assertion.status === 'failed'),
  );
  if (brokenFiles.length > 0) {
    failed += brokenFiles.length;
    notes.push(`${brokenFiles.length} file(s) failed outside a test`);
  }
  if (result.code !== 0 && failed === 0) {
    failed = 1;
    notes.push(describeExit(result, timeoutMs));
  }
  if (report.numPendingTests || report.numTodoTests) {
    notes.push(`${(report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)} skipped/todo`);
  }
  return { passed, failed, note: notes.join('; ') || undefined };
}

/** The browser journeys: Node's test runner through tsx, spec to the terminal, TAP to a file we count. */
async function e2eSuite(timeoutMs) {
  const files = readdirSync(join(root, 'e2e'))
    .filter((name) => name.endsWith('.test.ts'))
    .sort()
    .map((name) => join('e2e', name));
  if (files.length === 0) return { passed: 0, failed: 1, note: 'no e2e/*.test.ts files' };
  const tapFile = join(reports, 'e2e.tap');
  const result = await exec(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-concurrency=1',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tapFile}`,
      ...files,
    ],
    { timeoutMs },
  );
  const tap = existsSync(tapFile) ? readFileSync(tapFile, 'utf8') : '';
  const count = (key) => {
    const matches = [...tap.matchAll(new RegExp(`^# ${key} (\\d+)$`, 'gm'))];
    return matches.length > 0 ? Number(matches.at(-1)[1]) : undefined;
  };
  const passed = count('pass');
  if (passed === undefined) {
    return { passed: 0, failed: 1, note: `no TAP summary (${describeExit(result, timeoutMs)})` };
  }
  let failed = (count('fail') ?? 0) + (count('cancelled') ?? 0);
  const notes = [];
  if (count('cancelled')) notes.push(`${count('cancelled')} cancelled`);
  if (result.code !== 0 && failed === 0) {
    failed = 1;
    notes.push(describeExit(result, timeoutMs));
  }
  return { passed, failed, note: notes.join('; ') || undefined };
}

/** What a full run took on CI's 2 cores (clean clone, both databases, 71 journeys: 24 min on 25 Nov). */
const FULL_RUN = '25 minutes';

const withoutDatabaseUrl = { ...process.env, TEST_DB_DRIVER: 'embedded' };
delete withoutDatabaseUrl.TEST_DATABASE_URL;

const plan = [
  {
    key: 'lint',
    label: 'lint + format (biome ci)',
    run: () => commandSuite(bin('biome')[0], [...bin('biome').slice(1), 'ci', '.'], 10 * minutes),
  },
  {
    key: 'typecheck',
    label: 'typecheck (tsc -b)',
    run: () => commandSuite(bin('tsc')[0], [...bin('tsc').slice(1), '-b'], 15 * minutes),
  },
  {
    key: 'vitest',
    label: 'domain + web + scripts + api (embedded PostgreSQL 18)',
    run: () => vitestSuite(['domain', 'web', 'scripts', 'api'], withoutDatabaseUrl, 'vitest', 40 * minutes),
  },
  {
    key: 'postgres',
    label: 'api (TEST_DATABASE_URL PostgreSQL)',
    skip: process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is not set',
    run: () =>
      vitestSuite(['api'], { ...process.env, TEST_DB_DRIVER: 'postgres' }, 'vitest-postgres', 30 * minutes),
  },
  {
    key: 'build',
    label: 'build (npm run build)',
    skip: process.env.SKIP_E2E === '1' ? 'SKIP_E2E=1' : undefined,
    run: () => commandSuite(npm, ['run', 'build'], 15 * minutes),
  },
  {
    key: 'e2e',
    label: 'e2e (Chromium)',
    skip: process.env.SKIP_E2E === '1' ? 'SKIP_E2E=1' : undefined,
    needsBuild: true,
    run: () => e2eSuite(20 * minutes),
  },
];

// `npm test -- e2e build` runs only the named suites (keys above); no names runs everything.
const only = process.argv.slice(2);
const unknown = only.filter((key) => !plan.some((suite) => suite.key === key));
if (unknown.length > 0) {
  console.error(`test: unknown suite(s) ${unknown.join(', ')}; known: ${plan.map((s) => s.key).join(', ')}`);
  process.exit(2);
}

const chosen = plan.filter((suite) => only.length === 0 || only.includes(suite.key));
console.log(
  `test: ${chosen.map((suite) => suite.key).join(', ')}. A full run takes about ${FULL_RUN} on 2 cores;` +
    ' run a part with `npm test -- e2e` (suites: ' +
    `${plan.map((suite) => suite.key).join(', ')}), or SKIP_E2E=1 npm test without the browser.`,
);

// What the chosen suites need from the system (Chromium, nginx) is installed, or named, before anything runs.
const needed = chosen.filter((suite) => !suite.skip).map((suite) => suite.key);
if (!ensureSystemNeeds(needed)) {
  console.log('test: nothing was run.');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const results = [];
for (const suite of plan) {
  if (only.length > 0 && !only.includes(suite.key)) continue;
  if (suite.skip) {
    results.push({ label: suite.label, skipped: suite.skip });
    continue;
  }
  const build = results.find((result) => result.label.startsWith('build'));
  if (interrupted || (suite.needsBuild && build && build.failed > 0)) {
    const why = interrupted ? 'interrupted' : 'not run: the build failed';
    results.push({ label: suite.label, passed: 0, failed: 1, note: why });
    continue;
  }
  console.log(`\n━━ ${suite.label} ━━`);
  const started = Date.now();
  let outcome;
  try {
    outcome = await suite.run();
  } catch (error) {
    outcome = {
      passed: 0,
      failed: 1,
      note: `runner error: ${error instanceof Error ? error.message : error}`,
    };
  }
  results.push({ label: suite.label, seconds: (Date.now() - started) / 1000, ...outcome });
}
rmSync(reports, { recursive: true, force: true });

const width = Math.max(...results.map((result) => result.label.length));
console.log('\n━━ Summary ━━');
for (const result of results) {
  const label = result.label.padEnd(width);
  if (result.skipped) {
    console.log(`  ${label}  skipped (${result.skipped})`);
    continue;
  }
  const counts = `${String(result.passed).padStart(4)} passed ${String(result.failed).padStart(3)} failed`;
  const time = result.seconds === undefined ? '' : `  ${result.seconds.toFixed(1)}s`;
  const mark = result.failed > 0 ? '✗' : '✓';
  console.log(`${mark} ${label}  ${counts}${time}${result.note ? `  (${result.note})` : ''}`);
}
const passed = results.reduce((sum, result) => sum + (result.passed ?? 0), 0);
const failed = results.reduce((sum, result) => sum + (result.failed ?? 0), 0);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
