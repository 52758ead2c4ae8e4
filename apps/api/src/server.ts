import v8 from 'node:v8';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { EmbeddedSetupError, embeddedRunning } from './db/embedded-postgres.ts';

// V8 lets the old generation grow to a multiple of what the last full collection kept, larger the faster
// the process allocates: under `npm run bench` the RSS climbed ~65 MB between collections and peaked at
// 253–307 MB. A fixed 100% growth collects sooner: peaks 204–220 MB (docs/adr/0039-heap-growth.md).
const HEAP_GROWING_PERCENT = 100;
v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);

const config = loadConfig();
const app = await buildApp({ config }).catch((error: unknown) => {
  // A folder or user the embedded PostgreSQL needs: the message says what to change.
  if (!(error instanceof EmbeddedSetupError)) throw error;
  console.error(`Delivery Desk cannot start the embedded PostgreSQL:\n${error.message}`);
  process.exit(1);
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received, closing`);
  // app.close() ends the pool and, for the embedded database, stops PostgreSQL (a fast shutdown).
  const timer = setTimeout(() => process.exit(1), 20_000);
  timer.unref();
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
// Through the logger, so the line is JSON when the log is (issue 43 §2: log shippers read every line).
app.log.info(
  `Delivery Desk listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
);

/** Exit status meaning "the embedded PostgreSQL died, start me again" (sysexits' EX_TEMPFAIL). */
const EMBEDDED_DIED_EXIT = 75;
const WATCH_EVERY_MS = 1_000;

// A postmaster killed under us (kill -9, the OOM killer) leaves this process alive answering 503s, and
// nothing restarts it: exit instead, so scripts/start.mjs (or systemd) starts server and database again,
// and PostgreSQL recovers from its WAL. Re-opening pool, LISTEN and the job worker in-process would be
// three reconnects to get right; one restart does all of them (docs/adr/0044-embedded-postgres-watchdog.md).
if (app.database.driver === 'embedded') {
  const watchdog = setInterval(() => {
    if (closing || embeddedRunning(config.dataDir)) return;
    closing = true;
    clearInterval(watchdog);
    console.error('Delivery Desk: the embedded PostgreSQL is gone (killed?); exiting so it is restarted');
    process.exit(EMBEDDED_DIED_EXIT);
  }, WATCH_EVERY_MS);
  watchdog.unref();
}
