// npm run db:export FILE [--without-sessions]: every row of the database (the embedded one of DATA_DIR,
// or DATABASE_URL's) as PostgreSQL COPY text with the migration level, in one consistent snapshot while
// the app may run; FILE ending in .gz is compressed. Loaded by npm run db:import (db/data-export.ts).
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { exportData } from '../db/data-export.ts';

const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith('--'));
const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--without-sessions');
if (!file || unknown.length > 0) {
  console.error('usage: npm run db:export FILE [--without-sessions]   (FILE.gz to compress it)');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  databaseDirectUrl: config.databaseDirectUrl,
  dataDir: config.dataDir,
});
try {
  const target = path.resolve(file);
  const { tables, bytes } = await exportData(database, {
    file: target,
    sessions: !args.includes('--without-sessions'),
  });
  const rows = tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Exported ${rows} rows of ${tables.length} tables from ${database.driver === 'embedded' ? config.dataDir : 'DATABASE_URL'} to ${target} (${(bytes / 1024 / 1024).toFixed(1)} MB).`,
  );
  console.log(`Load it into an empty database: DATABASE_URL=… npm run db:import ${target}`);
} catch (error) {
  console.error(`db:export failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
