// npm run db:restore FILE: replaces the embedded cluster (DATA_DIR/pg) by a db:backup file. Stop the
// app first; the replaced cluster is kept beside it as DATA_DIR/pg.before-restore-<time>.
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { restoreCluster } from '../db/backup.ts';

const config = loadConfig();
const file = process.argv[2];
if (!file) {
  console.error('usage: npm run db:restore FILE   (a file written by npm run db:backup)');
  process.exit(2);
}
if (config.databaseUrl) {
  console.error('db:restore restores the embedded database; with DATABASE_URL use your server’s tools.');
  process.exit(2);
}
try {
  const { keptAs } = await restoreCluster({
    dataDir: config.dataDir,
    file: path.resolve(file),
    log: console.log,
  });
  console.log(`Restored ${config.dataDir} from ${path.resolve(file)}.`);
  if (keptAs)
    console.log(`The cluster it replaced is kept in ${keptAs} (delete it when you no longer need it).`);
} catch (error) {
  console.error(`db:restore failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
