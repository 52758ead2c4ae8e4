#!/usr/bin/env node
// `npm start`: build what is missing (or everything when REBUILD=1), then run the server in this
// terminal. The server starts the embedded PostgreSQL (without DATABASE_URL), migrates, seeds and prints
// its URL itself; on Ctrl-C/SIGTERM it closes and stops that PostgreSQL before exiting.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = join(root, 'apps', 'api', 'dist', 'server.js');
const webIndex = join(root, 'apps', 'web', 'dist', 'index.html');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
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
  console.log(`start: building the app (${why})`);
  const build = await run(npm, ['run', 'build']);
  if (build.signal || build.code !== 0) {
    console.error('start: `npm run build` failed, not starting the server');
    exitLike(build);
  }
}

exitLike(await run(process.execPath, [serverEntry]));
