// npm run db:import FILE: loads a db:export file into an empty database (DATABASE_URL's, or the embedded
// one of a fresh DATA_DIR), migrating it first; ids, sequences, files and sessions come as exported.
// Stop the app on the target first. All of it loads in one transaction, or nothing does.
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { ImportRefused, importData } from '../db/data-import.ts';

const file = process.argv[2];
if (!file || process.argv.length > 3) {
  console.error('usage: DATABASE_URL=… npm run db:import FILE   (a file written by npm run db:export)');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  databaseDirectUrl: config.databaseDirectUrl,
  dataDir: config.dataDir,
});
try {
  const { tables } = await importData(database, { file: path.resolve(file) });
  const rows = tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Imported ${rows} rows of ${tables.length} tables into ${database.driver === 'embedded' ? config.dataDir : 'DATABASE_URL'}; every table's row count and checksum match the export.`,
  );
} catch (error) {
  const why = error instanceof Error ? error.message : String(error);
  console.error(`db:import ${error instanceof ImportRefused ? 'refused' : 'failed'}: ${why}`);
  process.exitCode = error instanceof ImportRefused ? 2 : 1;
} finally {
  await database.close();
}
