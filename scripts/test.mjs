#!/usr/bin/env node
// `npm test`: every suite in one run, a short per-suite summary, and as the very last line
// `N passed, N failed` (summed over suites). Exit code 0 only when nothing failed.
//
//   SKIP_E2E=1           skip the build and the browser journeys (fast local runs)
//   TEST_DATABASE_URL    also run the API suite against this PostgreSQL server (e.g. CI's 15)
//   npm test -- e2e      only the named suites: lint, typecheck, vitest, postgres, build, e2e
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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

const running = new Set(); // the children of the suites in progress, so a signal can end their process groups
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    for (const child of running) killGroup(child, signal);
  });
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

/**
 * Runs a command in its own process group; resolves with how it ended. Its output is inherited, or, for a
 * suite running beside another, written to `log` and printed whole when it ends (two live outputs would
 * interleave line by line).
 */
function exec(command, args, { env = process.env, timeoutMs, log }) {
  return new Promise((resolve) => {
    const out = log ? openSync(log, 'w') : 'inherit';
    const child = spawn(command, args, {
      cwd: root,
      env,
      stdio: ['ignore', out, out],
      detached: true,
    });
    if (log) closeSync(out);
    running.add(child);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child, 'SIGTERM');
      setTimeout(() => killGroup(child, 'SIGKILL'), 10_000).unref();
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      running.delete(child);
      resolve({ code: 1, signal: null, timedOut, error: error.message });
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
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
async function commandSuite(command, args, timeoutMs, log) {
  const result = await exec(command, args, { timeoutMs, log });
  return result.code === 0
    ? { passed: 1, failed: 0 }
    : { passed: 0, failed: 1, note: describeExit(result, timeoutMs) };
}

/** Vitest with its JSON report; a file that fails outside any test counts as one failure. */
async function vitestSuite(projects, env, reportName, timeoutMs, log) {
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
    { env, timeoutMs, log },
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
async function e2eSuite(timeoutMs, log) {
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
    { timeoutMs, log },
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

/**
 * What a full run took on CI's 2 cores: a clean clone, both databases side by side, 76 journeys, 38 min
 * on 28 Nov (the suites one after another took 43 min on 27 Nov).
 */
const FULL_RUN = '50 minutes';

const withoutDatabaseUrl = { ...process.env, TEST_DB_DRIVER: 'embedded' };
delete withoutDatabaseUrl.TEST_DATABASE_URL;

/**
 * The suites in stages, each stage's lanes side by side. The API suite leaves about a third of CI's two
 * cores idle while it waits on PostgreSQL, so the second database's run (and the type check) go beside the
 * first; the browser journeys, which time what a user sees, run alone after them. Within a lane, in order.
 */
const plan = [
  {
    key: 'lint',
    label: 'lint + format (biome ci)',
    stage: 1,
    lane: 'a',
    run: (log) => commandSuite(bin('biome')[0], [...bin('biome').slice(1), 'ci', '.'], 10 * minutes, log),
  },
  {
    key: 'typecheck',
    label: 'typecheck (tsc -b)',
    stage: 1,
    lane: 'b',
    run: (log) => commandSuite(bin('tsc')[0], [...bin('tsc').slice(1), '-b'], 15 * minutes, log),
  },
  {
    key: 'vitest',
    label: 'domain + web + scripts + api (embedded PostgreSQL 18)',
    stage: 1,
    lane: 'a',
    run: (log) =>
      vitestSuite(['domain', 'web', 'scripts', 'api'], withoutDatabaseUrl, 'vitest', 40 * minutes, log),
  },
  {
    key: 'postgres',
    label: 'api (TEST_DATABASE_URL PostgreSQL)',
    skip: process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is not set',
    stage: 1,
    lane: 'b',
    run: (log) =>
      vitestSuite(
        ['api'],
        { ...process.env, TEST_DB_DRIVER: 'postgres' },
        'vitest-postgres',
        30 * minutes,
        log,
      ),
  },
  {
    key: 'build',
    label: 'build (npm run build)',
    skip: process.env.SKIP_E2E === '1' ? 'SKIP_E2E=1' : undefined,
    stage: 2,
    lane: 'a',
    run: (log) => commandSuite(npm, ['run', 'build'], 15 * minutes, log),
  },
  {
    key: 'e2e',
    label: 'e2e (Chromium)',
    skip: process.env.SKIP_E2E === '1' ? 'SKIP_E2E=1' : undefined,
    needsBuild: true,
    stage: 2,
    lane: 'a',
    run: (log) => e2eSuite(50 * minutes, log),
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

const results = new Map();

/** Runs one suite; `log` set when it runs beside another (its output is printed whole at its end). */
async function runSuite(suite, log) {
  if (suite.skip) return { label: suite.label, skipped: suite.skip };
  const build = results.get('build');
  if (interrupted || (suite.needsBuild && build && build.failed > 0)) {
    const why = interrupted ? 'interrupted' : 'not run: the build failed';
    return { label: suite.label, passed: 0, failed: 1, note: why };
  }
  console.log(log ? `\n━━ ${suite.label}: started (output at its end) ━━` : `\n━━ ${suite.label} ━━`);
  const started = Date.now();
  let outcome;
  try {
    outcome = await suite.run(log);
  } catch (error) {
    outcome = {
      passed: 0,
      failed: 1,
      note: `runner error: ${error instanceof Error ? error.message : error}`,
    };
  }
  const seconds = (Date.now() - started) / 1000;
  if (log) {
    console.log(`\n━━ ${suite.label}: ended after ${seconds.toFixed(0)}s ━━`);
    if (existsSync(log)) process.stdout.write(readFileSync(log));
  }
  return { label: suite.label, seconds, ...outcome };
}

for (const stage of [...new Set(plan.map((suite) => suite.stage))]) {
  const inStage = chosen.filter((suite) => suite.stage === stage);
  const lanes = [...new Set(inStage.map((suite) => suite.lane))].map((lane) =>
    inStage.filter((suite) => suite.lane === lane),
  );
  const beside = lanes.filter((lane) => lane.some((suite) => !suite.skip)).length > 1;
  await Promise.all(
    lanes.map(async (lane) => {
      for (const suite of lane) {
        const log = beside ? join(reports, `${suite.key}.log`) : undefined;
        results.set(suite.key, await runSuite(suite, log));
      }
    }),
  );
}
rmSync(reports, { recursive: true, force: true });

const ordered = chosen.map((suite) => results.get(suite.key)).filter(Boolean);
const width = Math.max(...ordered.map((result) => result.label.length));
console.log('\n━━ Summary ━━');
for (const result of ordered) {
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
const passed = ordered.reduce((sum, result) => sum + (result.passed ?? 0), 0);
const failed = ordered.reduce((sum, result) => sum + (result.failed ?? 0), 0);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
