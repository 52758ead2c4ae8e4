import { openDatabase } from '../../apps/api/src/db/client.ts';
import {
  companies,
  projectMembers,
  projects,
  teamMembers,
  teams,
  users,
} from '../../apps/api/src/db/schema/index.ts';
import { seedLookups } from '../../apps/api/src/db/seed-lookups.ts';
import { hashPassword } from '../../apps/api/src/modules/auth/password.ts';

export type SeedSummary = { projects: number; orion: number };

/**
 * Fills an embedded DATA_DIR BEFORE the server starts (the app has no test-only routes), as seedDatabase
 * does: `orion` projects titled 'Orion NN' plus 5 'Vega NN', newest 'Orion 01', owned by
 * five clients, with a few companies, teams and staff so every table has rows.
 */
export async function seedAdminTables(dataDir: string, orion = 45): Promise<SeedSummary> {
  const database = await openDatabase({ databaseUrl: null, dataDir });
  try {
    await database.migrate();
    await seedLookups(database.db);
    const db = database.db;
    const passwordHash = await hashPassword('seeded-pass-123');
    const [acme, globex] = await db
      .insert(companies)
      .values([
        {
          title: 'Acme Robotics',
          companySizeId: 2,
          companyTypeId: 1,
          companyIndustryId: 1,
          companyProjectFundingId: 2,
        },
        {
          title: 'Globex Foods',
          companySizeId: 1,
          companyTypeId: 2,
          companyIndustryId: 3,
          companyProjectFundingId: 1,
        },
      ])
      .returning();
    const people = [
      ['Ada Client', 'client', acme!.id],
      ['Bruno Client', 'client', acme!.id],
      ['Chloe Client', 'client', globex!.id],
      ['Dmitri Client', 'client', null],
      ['Eve Client', 'client', null],
      ['Finn Developer', 'developer', null],
      ['Gina Manager', 'projectManager', null],
    ] as const;
    const rows = await db
      .insert(users)
      .values(
        people.map(([name, role, companyId], i) => ({
          name,
          login: name.toLowerCase().replace(' ', '.'),
          email: `${name.toLowerCase().replace(' ', '.')}@example.com`,
          phone: `+1 415 555 01${String(i).padStart(2, '0')}`,
          role,
          companyId,
          timezone: 'America/Los_Angeles',
          passwordHash,
        })),
      )
      .returning();
    const clients = rows.filter((u) => u.role === 'client');
    const [team] = await db
      .insert(teams)
      .values({ title: 'Rocket Squad', punchLine: 'We ship on Fridays' })
      .returning();
    await db
      .insert(teamMembers)
      .values(rows.filter((u) => u.role !== 'client').map((u) => ({ teamId: team!.id, userId: u.id })));
    const now = Date.now();
    const titles = [
      ...Array.from({ length: orion }, (_, i) => `Orion ${String(i + 1).padStart(2, '0')}`),
      ...Array.from({ length: 5 }, (_, i) => `Vega ${String(i + 1).padStart(2, '0')}`),
    ];
    const inserted = await db
      .insert(projects)
      .values(
        titles.map((title, i) => ({
          title,
          ownerId: clients[i % clients.length]!.id,
          projectStateId: (i % 3) + 1,
          projectSizeId: (i % 2) + 1,
          // 'Orion 01' is the newest; each next one an hour older.
          createdAt: new Date(now - (i + 1) * 3_600_000),
        })),
      )
      .returning({ id: projects.id, ownerId: projects.ownerId });
    await db
      .insert(projectMembers)
      .values(inserted.map((p) => ({ projectId: p.id, userId: p.ownerId!, kind: 'client' })));
    return { projects: titles.length, orion };
  } finally {
    await database.close();
  }
}
