// npm run db:backup [FILE]: a base backup of the embedded cluster (DATA_DIR/pg) as one .tar.gz, taken
// while the app runs. Default FILE: DATA_DIR/backups/delivery-desk-<UTC time>.tar.gz. See db/backup.ts.
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { backupCluster } from '../db/backup.ts';

const config = loadConfig();
if (config.databaseUrl) {
  console.error(
    'db:backup backs up the embedded database; with DATABASE_URL use your server’s pg_dump, or npm run db:export FILE.',
  );
  process.exit(2);
}
const file = path.resolve(
  process.argv[2] ??
    path.join(
      config.dataDir,
      'backups',
      `delivery-desk-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`,
    ),
);
try {
  const { bytes } = await backupCluster({ dataDir: config.dataDir, file });
  console.log(`Backed up ${config.dataDir} to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB).`);
  console.log(`Restore it with the app stopped: npm run db:restore ${file}`);
} catch (error) {
  console.error(`db:backup failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
