import type { Role } from '@dd/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import {
  companies,
  fileChunks,
  projectFiles,
  projectMembers,
  projects,
  teamMembers,
  teams,
  users,
} from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { createSession } from '../modules/auth/sessions.ts';
import { JSON_API } from './test-app.ts';

let seq = 0;
const next = () => ++seq;
let cachedHash: Promise<string> | null = null;
export const DEFAULT_PASSWORD = 'secret-pass-1';

export type UserOverrides = Partial<typeof users.$inferInsert> & { password?: string; role?: Role };

/** A user of any role; password defaults to DEFAULT_PASSWORD (hashed once per run for speed). */
export async function buildUser(db: Db, overrides: UserOverrides = {}) {
  const n = next();
  const { password, ...rest } = overrides;
  cachedHash ??= hashPassword(DEFAULT_PASSWORD);
  const passwordHash = password ? await hashPassword(password) : await cachedHash;
  const [user] = await db
    .insert(users)
    .values({
      name: `Person ${n}`,
      login: `person${n}`,
      email: `person${n}@example.com`,
      phone: `55501${String(n).padStart(4, '0')}`,
      role: 'client',
      timezone: 'America/New_York',
      passwordHash,
      ...rest,
    })
    .returning();
  return user!;
}

export async function buildCompany(db: Db, overrides: Partial<typeof companies.$inferInsert> = {}) {
  const [company] = await db
    .insert(companies)
    .values({ title: `Company ${next()}`, ...overrides })
    .returning();
  return company!;
}

/** A project with an owner (a new client unless given) who is also in its client list. */
export async function buildProject(db: Db, overrides: Partial<typeof projects.$inferInsert> = {}) {
  const ownerId = overrides.ownerId ?? (await buildUser(db, { role: 'client' })).id;
  const [project] = await db
    .insert(projects)
    .values({ title: `Project ${next()}`, ownerId, ...overrides })
    .returning();
  await db.insert(projectMembers).values({ projectId: project!.id, userId: ownerId, kind: 'client' });
  return project!;
}

/** A finished file of a project, its bytes stored as chunks as an upload stores them. */
export async function buildFile(
  db: Db,
  overrides: Partial<typeof projectFiles.$inferInsert> & { projectId: number; bytes?: Buffer },
) {
  const { bytes = Buffer.from('hello'), ...rest } = overrides;
  const [file] = await db
    .insert(projectFiles)
    .values({ title: `file-${next()}.txt`, mime: 'text/plain', size: bytes.length, ...rest })
    .returning();
  if (bytes.length > 0) await db.insert(fileChunks).values({ fileId: file!.id, seq: 0, data: bytes });
  return file!;
}

/** Signs in through the real login route and returns the headers an API client would send. */
export async function signIn(app: FastifyInstance, login: string, password = DEFAULT_PASSWORD) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/authorization/login',
    headers: { 'content-type': JSON_API },
    payload: { data: { type: 'user', attributes: { login, password, remember: '1' } } },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const token = (res.json() as { data: { attributes: { token: string } } }).data.attributes.token;
  return { authorization: `Bearer ${token}`, token };
}

/** A user of the role, signed in: what most permission tests need. */
export async function signedInAs(app: FastifyInstance, db: Db, role: Role, overrides: UserOverrides = {}) {
  const user = await buildUser(db, { role, ...overrides });
  const { authorization } = await signIn(app, user.login);
  return { user, headers: { authorization, 'content-type': JSON_API } };
}

/**
 * A user of the role with a session made directly in the database, for tests that need more people than
 * the login route's rate limit lets sign in within a minute (booking races, many owners).
 */
export async function withSessionAs(db: Db, role: Role, overrides: UserOverrides = {}) {
  const user = await buildUser(db, { role, ...overrides });
  const { token } = await createSession(db, { userId: user.id, remember: true, now: new Date() });
  return { user, headers: { authorization: `Bearer ${token}`, 'content-type': JSON_API } };
}

/** A team; `memberIds` join it (their role decides whether they count as developer or project manager). */
export async function buildTeam(
  db: Db,
  overrides: Partial<typeof teams.$inferInsert> & { memberIds?: number[] } = {},
) {
  const { memberIds = [], ...rest } = overrides;
  const [team] = await db
    .insert(teams)
    .values({ title: `Team ${next()}`, punchLine: 'We ship', ...rest })
    .returning();
  if (memberIds.length > 0)
    await db.insert(teamMembers).values(memberIds.map((userId) => ({ teamId: team!.id, userId })));
  return team!;
}
