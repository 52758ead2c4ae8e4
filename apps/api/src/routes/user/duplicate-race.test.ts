import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  images,
  invitations,
  projectBudgets,
  projectStates,
  projectTypes,
  users,
} from '../../db/schema/index.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { buildProject, buildUser, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, JSON_API, type TestApp } from '../../test/test-app.ts';

/**
 * Racing creates of one login (admin create user, sign-up, invited sign-up, and edits to one login) all
 * answer 201/200 once and 422 otherwise, and leave no `Key (lower(login))=(…)` line, nor the address at
 * all, in the database server's log: a duplicate is caught before the insert, and the embedded server
 * logs errors tersely anyway. The log is the embedded server's postgres.log beside its cluster; on an
 * outside server whose log this process cannot read, only the answers are checked.
 */
let t: TestApp;
let logFile: string | null = null;
let adminHeaders: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  const { rows } = await t.database.pool.query<{ dir: string }>('select current_setting($1) as dir', [
    'data_directory',
  ]);
  const candidate = path.join(path.dirname(rows[0]!.dir), 'postgres.log');
  if (existsSync(candidate)) logFile = candidate;
  adminHeaders = (await withSessionAs(t.database.db, 'admin')).headers;
});
afterAll(() => t.close());

const tag = () => randomBytes(5).toString('hex');
let address = 0;
const nextAddress = () => `10.41.${Math.floor(++address / 250) % 250}.${address % 250}`;

async function race(requests: Array<() => Promise<{ statusCode: number; body: string }>>) {
  const answers = await Promise.all(requests.map((send) => send()));
  return answers.map((a) => a.statusCode);
}

function expectOneWinner(statuses: number[], ok: number) {
  expect(
    statuses.filter((s) => s === ok),
    String(statuses),
  ).toHaveLength(1);
  expect(
    statuses.filter((s) => s !== ok).every((s) => s === 422),
    String(statuses),
  ).toBe(true);
}

/** The database log's lines naming the address, a unique key's value, or a unique violation of users. */
async function logMentions(local: string, since: number): Promise<string[]> {
  if (!logFile) return [];
  // The server writes its log asynchronously from our point of view: give it a moment.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return readFileSync(logFile, 'utf8')
    .slice(since)
    .split('\n')
    .filter((line) => line.includes(local) || /Key \(lower\(|users_(login|email)_uq/.test(line));
}
const logSize = () => (logFile ? readFileSync(logFile, 'utf8').length : 0);

describe('racing duplicate creates of one login', () => {
  it('admin creates of one e-mail: one 201, the others 422, nothing in the database log', async () => {
    const since = logSize();
    const local = `race-create-${tag()}`;
    const email = `${local}@example.com`;
    const statuses = await race(
      Array.from(
        { length: 6 },
        (_, i) => () =>
          t.app.inject({
            method: 'POST',
            url: '/api/user/create',
            headers: adminHeaders,
            payload: {
              data: {
                type: 'user',
                attributes: {
                  name: `Racer ${i}`,
                  email: i % 2 ? email.toUpperCase() : email,
                  password: 'race-pass-1',
                  role: 'developer',
                },
              },
            },
          }),
      ),
    );
    expectOneWinner(statuses, 201);
    expect((await logMentions(local, since)).join('\n')).toBe('');
  });

  it('sign-ups of one e-mail: one 201, the others 422, nothing in the database log', async () => {
    const db = t.database.db;
    const [state] = await db.select().from(projectStates).limit(1);
    const [budget] = await db.select().from(projectBudgets).limit(1);
    const [type] = await db
      .select()
      .from(projectTypes)
      .where(sql`lower(${projectTypes.title}) <> 'other'`)
      .limit(1);
    const since = logSize();
    const local = `race-signup-${tag()}`;
    const statuses = await race(
      Array.from(
        { length: 6 },
        () => () =>
          t.app.inject({
            method: 'POST',
            url: '/api/user/register-client',
            remoteAddress: nextAddress(),
            headers: { 'content-type': JSON_API },
            payload: {
              data: {
                type: 'user',
                attributes: {
                  user: {
                    role: 'client',
                    name: 'Racer',
                    email: `${local}@example.com`,
                    password: 'race-pass-1',
                    phone: '+14155551234',
                  },
                  company: { title: 'Race', company_size_id: null },
                  project: {
                    title: 'Race',
                    project_state_id: state!.id,
                    description: 'Racing sign-ups',
                    project_type_ids: [type!.id],
                    tech_ids: [],
                    project_budget_id: budget!.id,
                  },
                },
              },
            },
          }),
      ),
    );
    expectOneWinner(statuses, 201);
    expect((await logMentions(local, since)).join('\n')).toBe('');
  });

  it('invited sign-ups of one e-mail (two invitations): one 201, the other 422, nothing in the log', async () => {
    const db = t.database.db;
    const since = logSize();
    const local = `race-invited-${tag()}`;
    const email = `${local}@example.com`;
    const tokens = [newToken(), newToken(), newToken()];
    for (const token of tokens) {
      const project = await buildProject(db);
      await db.insert(invitations).values({
        email,
        projectId: project.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 86_400_000),
      });
    }
    const statuses = await race(
      tokens.map(
        (token) => () =>
          t.app.inject({
            method: 'POST',
            url: '/api/authorization/register',
            remoteAddress: nextAddress(),
            headers: { 'content-type': JSON_API },
            payload: {
              data: {
                type: 'user',
                attributes: { token, email, name: 'Racer', phone: '+14155550100', password: 'race-pass-1' },
              },
            },
          }),
      ),
    );
    expectOneWinner(statuses, 201);
    expect((await logMentions(local, since)).join('\n')).toBe('');
  });

  it('a team’s new people of one e-mail (add developer): one 201, the others 422, nothing in the log', async () => {
    const db = t.database.db;
    const since = logSize();
    const local = `race-member-${tag()}`;
    const project = await buildProject(db);
    const [image] = await db
      .insert(images)
      .values({ title: 'a.png', mime: 'image/png', size: 1, data: 'AA==' })
      .returning();
    const statuses = await race(
      Array.from(
        { length: 4 },
        () => () =>
          t.app.inject({
            method: 'POST',
            url: `/api/project/${project.id}/team-member`,
            headers: adminHeaders,
            payload: {
              data: {
                type: 'user',
                attributes: {
                  role: 'developer',
                  name: 'Racer',
                  email: `${local}@example.com`,
                  avatar: `/api/image/${image!.id}`,
                },
              },
            },
          }),
      ),
    );
    expectOneWinner(statuses, 201);
    expect((await logMentions(local, since)).join('\n')).toBe('');
  });

  it('admin edits giving two users one login: one 200, the other 422, nothing in the log', async () => {
    const db = t.database.db;
    const since = logSize();
    const local = `race-login-${tag()}`;
    const people = [await buildUser(db, { role: 'developer' }), await buildUser(db, { role: 'developer' })];
    const statuses = await race(
      people.map(
        (p) => () =>
          t.app.inject({
            method: 'PATCH',
            url: `/api/user/${p.id}`,
            headers: adminHeaders,
            payload: {
              data: { type: 'user', attributes: { name: p.name, login: local, email: p.email, phone: '' } },
            },
          }),
      ),
    );
    expectOneWinner(statuses, 200);
    const holders = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.login}) = ${local}`);
    expect(holders).toHaveLength(1);
    expect((await logMentions(local, since)).join('\n')).toBe('');
  });

  it('reads the embedded server’s log (on the embedded driver)', () => {
    if (inject('testServer')?.driver === 'embedded') expect(logFile).not.toBeNull();
  });
});
