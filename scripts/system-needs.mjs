#!/usr/bin/env node
// What the test suites need from the operating system, and how it gets here. `npm test`
// (scripts/test.mjs) calls ensureSystemNeeds() before any suite runs, and CI's `.ci/run` only calls
// `npm test`, so a newcomer's run and CI's install the same things the same way and cannot drift.
//
// As root (or with password-less sudo) on a machine with apt-get, what is missing is installed from
// Debian's packages, one line each. Otherwise it says exactly what to install and fails at once,
// before any suite runs. Run by itself (`node scripts/system-needs.mjs`) it checks every need.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Each need: the suites that use it, the file that must exist, Debian's package, and why. */
export const SYSTEM_NEEDS = [
  {
    name: 'Chromium',
    suites: ['e2e'],
    path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    apt: 'chromium',
    why: 'the browser journeys drive it headless; a browser is never downloaded through npm',
  },
  {
    name: 'nginx',
    suites: ['e2e'],
    path: process.env.NGINX_BIN ?? '/usr/sbin/nginx',
    apt: 'nginx',
    why: 'the scale-out journey runs two app processes behind it',
  },
  {
    name: 'PgBouncer',
    suites: ['e2e'],
    path: process.env.PGBOUNCER_BIN ?? '/usr/sbin/pgbouncer',
    apt: 'pgbouncer',
    why: 'the PgBouncer journey runs the app behind it in transaction mode',
  },
];

function succeeds(command, args) {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
}

/** How this process may run apt-get: directly as root, through password-less sudo, or not at all. */
function aptRunner() {
  const apt = ['/usr/bin/apt-get', '/bin/apt-get'].find((file) => existsSync(file));
  if (!apt) return { why: 'apt-get is not on this machine' };
  if (process.getuid?.() === 0) return { command: apt, prefix: [] };
  if (succeeds('sudo', ['-n', 'true'])) return { command: 'sudo', prefix: ['-n', apt] };
  return { why: 'this user is not root and has no password-less sudo' };
}

function run(runner, args, log) {
  const result = spawnSync(runner.command, [...runner.prefix, ...args], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) {
    log(`apt-get ${args.join(' ')} failed (exit ${result.status}):`);
    log(`${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n'));
  }
  return result.status === 0;
}

/**
 * Makes sure what the given suites need is installed. Returns true when everything is there (or was
 * installed now); false, after saying what to install, when it is missing and cannot be installed.
 */
export function ensureSystemNeeds(suites, log = (line) => console.log(`test: ${line}`)) {
  const missing = SYSTEM_NEEDS.filter(
    (need) => need.suites.some((suite) => suites.includes(suite)) && !existsSync(need.path),
  );
  if (missing.length === 0) return true;
  const packages = missing.map((need) => need.apt);
  const runner = aptRunner();
  if (!runner.command) {
    log(`missing ${missing.map((need) => `${need.name} (${need.path})`).join(' and ')}; ${runner.why}.`);
    for (const need of missing) log(`  ${need.name}: ${need.why}`);
    log(`Install them first: sudo apt-get install -y ${packages.join(' ')}`);
    log(
      '(or point CHROMIUM_PATH / NGINX_BIN / PGBOUNCER_BIN at your own binaries, or leave the browser out: SKIP_E2E=1 npm test)',
    );
    return false;
  }
  for (const need of missing) log(`installing ${need.apt} with apt-get: ${need.why}`);
  const installed =
    run(runner, ['update', '-q'], log) && run(runner, ['install', '-y', '-q', ...packages], log);
  const still = missing.filter((need) => !existsSync(need.path));
  if (!installed || still.length > 0) {
    log(`still missing after apt-get: ${still.map((need) => need.path).join(', ') || packages.join(', ')}`);
    return false;
  }
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const suites = [...new Set(SYSTEM_NEEDS.flatMap((need) => need.suites))];
  process.exitCode = ensureSystemNeeds(suites) ? 0 : 1;
}
