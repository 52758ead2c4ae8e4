// npm run seed:demo — fills a demo agency so a newcomer sees a living product: every role, companies, teams,
// projects with members, updates, files, links, sprints and tasks. Safe to run twice (it stops if present).
// With the embedded database it joins the server's PostgreSQL when the server runs, or starts the
// DATA_DIR's cluster itself (and stops it when done); on a fresh DATA_DIR it creates the first admin from
// ADMIN_EMAIL/ADMIN_PASSWORD like a first start would.
import type { Role } from '@dd/domain';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { bootstrapAdmin } from '../db/bootstrap-admin.ts';
import { openDatabase } from '../db/client.ts';
import * as s from '../db/schema/index.ts';
import { seedLookups } from '../db/seed-lookups.ts';
import { hashPassword } from '../modules/auth/password.ts';

const DEMO_PASSWORD = 'demo-pass-123';
const PEOPLE: Array<{ name: string; role: Role }> = [
  { name: 'Grace Hopper', role: 'superAdmin' },
  { name: 'Alan Turing', role: 'admin' },
  { name: 'Maya Patel', role: 'accountManager' },
  { name: 'Lena Fischer', role: 'projectManager' },
  { name: 'Tomás Rivera', role: 'developer' },
  { name: 'Aiko Tanaka', role: 'developer' },
  { name: 'Omar Haddad', role: 'readonlyManager' },
  { name: 'Sofia Rossi', role: 'assistant' },
  { name: 'Chris Walker', role: 'client' },
  { name: 'Priya Shah', role: 'client' },
];

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  databaseDirectUrl: config.databaseDirectUrl,
  dataDir: config.dataDir,
  log: console.log,
});
const { db } = database;
await database.migrate();
await seedLookups(db);
await bootstrapAdmin(db, { email: config.adminEmail, password: config.adminPassword, log: console.log });

const [already] = await db.select().from(s.users).where(eq(s.users.email, 'chris.walker@demo.test'));
if (already) {
  console.log('Demo data is already there.');
} else {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [size] = await db.select().from(s.companySizes).limit(1);
  const [acme] = await db
    .insert(s.companies)
    .values({ title: 'Acme Logistics', companySizeId: size?.id })
    .returning();
  const [bloom] = await db
    .insert(s.companies)
    .values({ title: 'Bloom Health', companySizeId: size?.id })
    .returning();
  const users: Record<string, typeof s.users.$inferSelect> = {};
  for (const person of PEOPLE) {
    const login = person.name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]+/g, '.');
    const [user] = await db
      .insert(s.users)
      .values({
        name: person.name,
        login,
        email: `${login}@demo.test`,
        phone: `+1415555${String(Object.keys(users).length).padStart(4, '0')}`,
        role: person.role,
        timezone: person.role === 'client' ? 'America/New_York' : 'Europe/Berlin',
        companyId: person.role === 'client' ? (person.name.startsWith('Chris') ? acme!.id : bloom!.id) : null,
        passwordHash,
      })
      .returning();
    users[person.name] = user!;
  }
  const [team] = await db
    .insert(s.teams)
    .values({ title: 'Falcon', punchLine: 'Ships every Friday' })
    .returning();
  for (const name of ['Lena Fischer', 'Tomás Rivera', 'Aiko Tanaka'])
    await db.insert(s.teamMembers).values({ teamId: team!.id, userId: users[name]!.id });

  const [state] = await db.select().from(s.projectStates).limit(1);
  const [status] = await db
    .select()
    .from(s.projectStatuses)
    .where(eq(s.projectStatuses.title, 'In progress'));
  const projects = [
    { title: 'Fleet tracking dashboard', owner: 'Chris Walker', company: acme! },
    { title: 'Patient intake app', owner: 'Priya Shah', company: bloom! },
  ];
  for (const p of projects) {
    const owner = users[p.owner]!;
    const [project] = await db
      .insert(s.projects)
      .values({
        title: p.title,
        description: 'A web application replacing spreadsheets and phone calls.',
        ownerId: owner.id,
        companyId: p.company.id,
        projectStateId: state?.id,
        projectStatusId: status?.id,
        accountManagerId: users['Maya Patel']!.id,
      })
      .returning();
    const id = project!.id;
    await db.insert(s.projectMembers).values([
      { projectId: id, userId: owner.id, kind: 'client' },
      { projectId: id, userId: users['Lena Fischer']!.id, kind: 'projectManager' },
      { projectId: id, userId: users['Tomás Rivera']!.id, kind: 'developer' },
      { projectId: id, userId: users['Aiko Tanaka']!.id, kind: 'developer' },
    ]);
    await db.insert(s.projectUpdates).values([
      {
        projectId: id,
        description: '**Kick-off done.** We agreed on the first milestone.',
        reporterUserId: users['Lena Fischer']!.id,
      },
      {
        projectId: id,
        description: 'Set up CI and the staging environment.\n\n- builds on every push\n- preview links',
        reporterUserId: users['Tomás Rivera']!.id,
      },
    ]);
    const [link] = await db
      .insert(s.links)
      .values({ title: 'Project link', url: 'https://example.com/spec' })
      .returning();
    await db.insert(s.projectLinks).values({ projectId: id, linkId: link!.id });
    const body = Buffer.from(`# ${p.title}\n\nScope, milestones and acceptance criteria.\n`);
    const [file] = await db
      .insert(s.projectFiles)
      .values({
        projectId: id,
        title: 'requirements.md',
        mime: 'text/markdown',
        size: body.length,
        uploadedById: owner.id,
      })
      .returning();
    await db.insert(s.fileChunks).values({ fileId: file!.id, seq: 0, data: body });
    const [sprint] = await db
      .insert(s.sprints)
      .values({ projectId: id, sprintStatusId: 2, startedAt: new Date() })
      .returning();
    const titles = ['Sign-in with e-mail', 'Dashboard map view', 'Export to CSV', 'Fix time zone of reports'];
    for (const [i, title] of titles.entries()) {
      await db.insert(s.tasks).values({
        projectId: id,
        sprintId: i < 3 ? sprint!.id : null,
        title,
        taskStatusId: i === 0 ? 2 : 1,
        taskTypeId: i === 3 ? 1 : 3,
        ownerId: users['Tomás Rivera']!.id,
        requesterId: owner.id,
        estimate: String(2 + i * 2),
        position: i,
      });
    }
  }
  console.log(`Demo agency created. Every demo user signs in with e-mail and password ${DEMO_PASSWORD}:`);
  for (const u of Object.values(users)) console.log(`  ${u.role.padEnd(16)} ${u.email}`);
}
await database.close();
