import fp from 'fastify-plugin';
import { bootstrapAdmin } from '../../db/bootstrap-admin.ts';
import { type Database, type Db, openDatabase } from '../../db/client.ts';
import { seedLookups } from '../../db/seed-lookups.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

export type DatabasePluginOptions = { database?: Database };

/** Opens the database (or takes the one given, in tests), migrates, seeds lookups and the first admin. */
export default fp<DatabasePluginOptions>(
  async (app, options) => {
    const { config } = app;
    const database =
      options.database ??
      (await openDatabase({
        databaseUrl: config.databaseUrl,
        databaseDirectUrl: config.databaseDirectUrl,
        dataDir: config.dataDir,
        poolMax: config.dbPoolMax,
        log: (line) => app.log.info(line),
      }));
    try {
      await database.migrate();
      await seedLookups(database.db);
      await bootstrapAdmin(database.db, {
        email: config.adminEmail,
        password: config.adminPassword,
        log: (line) => app.log.warn(line),
      });
    } catch (error) {
      // Do not leave the embedded server running behind a start that failed.
      if (!options.database) await database.close();
      throw error;
    }
    app.decorate('database', database);
    app.decorate('db', database.db);
    if (!options.database) app.addHook('onClose', () => database.close());
  },
  { name: 'database', dependencies: ['config'] },
);
