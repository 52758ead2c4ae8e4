import type { Role } from '@dd/domain';
import { type Db, openDatabase } from '../../apps/api/src/db/client.ts';
import * as schema from '../../apps/api/src/db/schema/index.ts';
import { seedLookups } from '../../apps/api/src/db/seed-lookups.ts';
import { hashPassword } from '../../apps/api/src/modules/auth/password.ts';

/** A person a journey signs in as: the login doubles as the e-mail. */
export type SeedPerson = {
  name: string;
  login: string;
  role: Role;
  phone?: string;
  companyId?: number | null;
};

export type Seeder = {
  db: Db;
  schema: typeof schema;
  /** Inserts the people with one password and answers their ids by the same keys. */
  insertPeople<K extends string>(people: Record<K, SeedPerson>, password: string): Promise<Record<K, number>>;
};

/**
 * Fills an embedded DATA_DIR BEFORE the server starts (the app has no test-only routes): it starts the
 * DATA_DIR's PostgreSQL, runs migrations and lookups as on a first start, then whatever the journey
 * needs, and stops it again; the server then starts the same cluster.
 */
export async function seedDatabase(dataDir: string, fill: (seeder: Seeder) => Promise<void>): Promise<void> {
  const database = await openDatabase({ databaseUrl: null, dataDir });
  try {
    await database.migrate();
    await seedLookups(database.db);
    const db = database.db;
    await fill({ db, schema, insertPeople: (people, password) => insertPeople(db, people, password) });
  } finally {
    await database.close();
  }
}

async function insertPeople<K extends string>(db: Db, people: Record<K, SeedPerson>, password: string) {
  const passwordHash = await hashPassword(password);
  const ids = {} as Record<K, number>;
  for (const [key, person] of Object.entries(people) as Array<[K, SeedPerson]>) {
    const [row] = await db
      .insert(schema.users)
      .values({
        name: person.name,
        login: person.login,
        email: person.login,
        phone: person.phone ?? '5550101',
        role: person.role,
        passwordHash,
        timezone: 'America/New_York',
        companyId: person.companyId ?? null,
      })
      .returning({ id: schema.users.id });
    ids[key] = row!.id;
  }
  return ids;
}
