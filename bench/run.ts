// npm run bench: bundle sizes against design.md budgets, and API latency under 10 concurrent connections
// with a bare Fastify route measured in the same run as the reference.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';

const BUDGET = { initialKb: 170, lazyChunkKb: 80 };
const dist = path.resolve('apps/web/dist');

function bundleReport(): boolean {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length / 1024;
  const initialKb = initial.reduce((sum, f) => sum + gz(f), 0);
  const lazy = readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js') && !initial.includes(`assets/${f}`))
    .map((f) => ({ f, kb: gz(`assets/${f}`) }))
    .sort((a, b) => b.kb - a.kb);
  const largest = lazy[0];
  console.log(
    `initial JS: ${initialKb.toFixed(1)} KB gzipped (budget ${BUDGET.initialKb}) in ${initial.length} files`,
  );
  console.log(
    `largest lazy chunk: ${largest?.f} ${largest?.kb.toFixed(1)} KB gzipped (budget ${BUDGET.lazyChunkKb})`,
  );
  return initialKb < BUDGET.initialKb && (largest?.kb ?? 0) < BUDGET.lazyChunkKb;
}

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: 10, duration: 5, headers });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors: result.non2xx + result.errors,
  };
}

async function main() {
  statSync(path.join(dist, 'index.html'));
  const bundlesOk = bundleReport();

  const bare = Fastify();
  bare.get('/ping', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareAddr = bare.server.address() as { port: number };

  const config = loadConfig(
    {
      ADMIN_EMAIL: 'bench@example.com',
      ADMIN_PASSWORD: 'bench-pass-123',
      DATABASE_URL: process.env.DATABASE_URL,
    },
    { logLevel: 'silent' },
  );
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: 'memory://' });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = await fetch(`${base}/api/authorization/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/vnd.api+json' },
    body: JSON.stringify({
      data: { type: 'user', attributes: { login: 'bench@example.com', password: 'bench-pass-123' } },
    }),
  });
  const token = ((await login.json()) as { data: { attributes: { token: string } } }).data.attributes.token;

  const rows = {
    'bare fastify GET /ping': await load(`http://127.0.0.1:${bareAddr.port}/ping`),
    'GET /api/authorization/check': await load(`${base}/api/authorization/check`, {
      authorization: `Bearer ${token}`,
    }),
    'GET /api/tech/search?include=tech-group': await load(`${base}/api/tech/search?include=tech-group`),
  };
  console.log(`database: ${database.driver}`);
  console.table(rows);
  await app.close();
  await database.close();
  await bare.close();
  if (!bundlesOk) process.exitCode = 1;
}

await main();
