import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { EmbeddedSetupError } from './db/embedded-postgres.ts';

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
console.log(
  `Delivery Desk listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
);
