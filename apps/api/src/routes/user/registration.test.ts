import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companies,
  incompleteRegistrations,
  mailOutbox,
  projectBudgets,
  projectMembers,
  projectProjectTypes,
  projectStates,
  projects,
  projectTechs,
  projectTypes,
  settings,
  techs,
  users,
} from '../../db/schema/index.ts';
import { buildCompany, buildUser, signedInAs } from '../../test/factories.ts';
import { buildTestApp, firstError, JSON_API, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let lookups: { stateId: number; budgetId: number; otherTypeId: number; webTypeId: number; techIds: number[] };
beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const [state] = await db.select().from(projectStates).limit(1);
  const [budget] = await db.select().from(projectBudgets).limit(1);
  const types = await db.select().from(projectTypes);
  const techRows = await db.select().from(techs).limit(2);
  lookups = {
    stateId: state!.id,
    budgetId: budget!.id,
    otherTypeId: types.find((r) => r.title === 'Other')!.id,
    webTypeId: types.find((r) => r.title !== 'Other')!.id,
    techIds: techRows.map((r) => r.id),
  };
});
afterAll(() => t.close());

let address = 0;
// The route is rate-limited per address, so each call comes from its own unless a test says otherwise.
const nextAddress = () => `10.3.${Math.floor(++address / 250)}.${address % 250}`;

function visitorBody(overrides: { user?: Record<string, unknown>; project?: Record<string, unknown> } = {}) {
  return {
    data: {
      type: 'user',
      attributes: {
        user: {
          role: 'client',
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          password: 'analytical',
          phone: '+14155551234',
          code: 'FRIEND42',
          timezone: 'Europe/London',
          ...overrides.user,
        },
        company: { title: 'Engine', company_size_id: null },
        project: {
          title: 'Engine',
          project_state_id: lookups.stateId,
          description: 'A difference engine, but better.',
          project_type_ids: [lookups.otherTypeId],
          tech_ids: lookups.techIds,
          project_budget_id: lookups.budgetId,
          addition: 'Steam powered',
          ...overrides.project,
        },
      },
    },
  };
}

const register = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = nextAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/register-client',
    remoteAddress,
    headers: { 'content-type': JSON_API, ...headers },
    payload: payload as Record<string, unknown>,
  });

describe('POST /api/user/register-client (visitor)', () => {
  it('creates a client, a company titled after the project and the project, and signs them in', async () => {
    const db = t.database.db;
    const manager = await buildUser(db, { role: 'accountManager' });
    await db
      .insert(settings)
      .values({ name: 'defaultAccauntManager', value: String(manager.id) })
      .onConflictDoUpdate({ target: settings.name, set: { value: String(manager.id) } });

    const res = await register(visitorBody());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    const projectId = Number(body.data.project.id);
    expect(body.data.authorization.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.attributes['project-id']).toBe(projectId);

    const cookies = String(res.headers['set-cookie']);
    expect(cookies).toContain('dd_token=');
    expect(cookies).toMatch(/dd_registered=1; Max-Age=86400; Path=\//);
    const marker = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('dd_registered'));
    expect(marker).not.toContain('HttpOnly');

    const [user] = await db.select().from(users).where(eq(users.email, 'ada@example.com'));
    expect(user).toMatchObject({
      role: 'client',
      login: 'ada@example.com',
      name: 'Ada Lovelace',
      phone: '+14155551234',
      timezone: 'Europe/London',
      referralCode: 'FRIEND42',
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
    expect(project).toMatchObject({
      title: 'Engine',
      ownerId: user!.id,
      companyId: user!.companyId,
      projectStateId: lookups.stateId,
      projectBudgetId: lookups.budgetId,
      description: 'A difference engine, but better.',
      addition: 'Steam powered',
      accountManagerId: manager.id,
    });
    const [company] = await db.select().from(companies).where(eq(companies.id, user!.companyId!));
    expect(company!.title).toBe('Engine');
    expect(await db.select().from(projectMembers).where(eq(projectMembers.projectId, projectId))).toEqual([
      expect.objectContaining({ userId: user!.id, kind: 'client' }),
    ]);
    expect(await db.select().from(projectTechs).where(eq(projectTechs.projectId, projectId))).toHaveLength(2);
    expect(
      await db.select().from(projectProjectTypes).where(eq(projectProjectTypes.projectId, projectId)),
    ).toHaveLength(1);

    // The answered token is a working session.
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/authorization/check',
      headers: { authorization: `Bearer ${body.data.authorization.token}` },
    });
    expect(check.json().data.id).toBe(String(user!.id));
  });

  it("always creates a client, even when 'admin' is sent", async () => {
    const res = await register(visitorBody({ user: { email: 'mallory@example.com', role: 'admin' } }));
    expect(res.statusCode).toBe(201);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'mallory@example.com'));
    expect(user!.role).toBe('client');
  });

  it('drops a short description and keeps the addition only for the Other type', async () => {
    const res = await register(
      visitorBody({
        user: { email: 'short@example.com' },
        project: { description: 'abc', project_type_ids: [lookups.webTypeId], addition: 'Not other' },
      }),
    );
    expect(res.statusCode).toBe(201);
    const [project] = await t.database.db
      .select()
      .from(projects)
      .where(eq(projects.id, Number(res.json().data.project.id)));
    expect(project).toMatchObject({ description: null, addition: null });
  });

  it("answers 'Email is already taken' and 'Login is already taken' on the email field", async () => {
    await buildUser(t.database.db, { email: 'taken@example.com', login: 'taken-login' });
    const byEmail = await register(visitorBody({ user: { email: 'TAKEN@example.com' } }));
    expect(byEmail.statusCode).toBe(422);
    expect(firstError(byEmail)).toEqual({
      status: '422',
      code: 'email_taken',
      title: 'Email is already taken',
      source: { pointer: '/data/attributes/user/email' },
    });

    await buildUser(t.database.db, { email: 'someone@example.com', login: 'login@example.com' });
    const byLogin = await register(visitorBody({ user: { email: 'login@example.com' } }));
    expect(byLogin.statusCode).toBe(422);
    expect(firstError(byLogin)?.title).toBe('Login is already taken');
  });

  it('leaves nothing behind when any part fails (one transaction)', async () => {
    const db = t.database.db;
    const before = await Promise.all([db.$count(users), db.$count(companies), db.$count(projects)]);
    const res = await register(
      visitorBody({ user: { email: 'half@example.com' }, project: { tech_ids: [999999] } }),
    );
    expect(res.statusCode).toBe(422);
    expect(firstError(res)?.source?.pointer).toBe('/data/attributes/project/tech_ids');
    const after = await Promise.all([db.$count(users), db.$count(companies), db.$count(projects)]);
    expect(after).toEqual(before);
    expect(await db.select().from(users).where(eq(users.email, 'half@example.com'))).toEqual([]);
  });

  it("validates with the wizard's messages", async () => {
    const res = await register(
      visitorBody({
        user: { email: 'not-an-email', phone: '12ab', password: '123' },
        project: { title: 'ab' },
      }),
    );
    expect(res.statusCode).toBe(422);
    const titles = res.json().errors.map((e: { title: string }) => e.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Please, input correct e-mail address.',
        'Enter Correct Phone Number',
        'Minimum 6 Characters',
        'Please, input correct title',
      ]),
    );
  });

  it('refuses a visitor without account details', async () => {
    const body = visitorBody();
    const { user: _user, ...attributes } = body.data.attributes;
    const res = await register({ data: { type: 'user', attributes } });
    expect(res.statusCode).toBe(422);
    expect(firstError(res)?.source?.pointer).toBe('/data/attributes/user');
  });

  it('is rate-limited per address: the 11th try within an hour answers 429', async () => {
    const from = '10.9.9.9';
    for (let i = 0; i < 10; i++) {
      const res = await register({ data: { attributes: {} } }, {}, from);
      expect(res.statusCode).toBe(422);
    }
    expect((await register(visitorBody({ user: { email: 'late@example.com' } }), {}, from)).statusCode).toBe(
      429,
    );
    expect((await register(visitorBody({ user: { email: 'late@example.com' } }))).statusCode).toBe(201);
  });
});

describe('the confirmation of a sign-up (issue 42 §4)', () => {
  const mailsTo = async (email: string) => {
    await t.app.mailer.settled();
    return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  };

  it("a visitor who signs up gets one mail with their project's page and their login", async () => {
    const res = await register(visitorBody({ user: { email: 'grace@example.com', name: 'Grace Hopper' } }));
    expect(res.statusCode).toBe(201);
    const projectId = Number(res.json().data.project.id);
    const mails = await mailsTo('grace@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your project “Engine” is on Delivery Desk');
    expect(mails[0]!.text).toContain('Hello Grace Hopper,');
    expect(mails[0]!.text).toContain(`/project/daily-updates/${projectId}`);
    expect(mails[0]!.text).toContain('You sign in as grace@example.com.');
    expect(mails[0]!.text).not.toContain('analytical');
  });

  it('a signed-in client who adds a project through the wizard gets one for that project', async () => {
    const { user, headers } = await signedInAs(t.app, t.database.db, 'client');
    const res = await register(
      {
        data: {
          type: 'user',
          attributes: {
            project: {
              title: 'Third idea',
              project_state_id: lookups.stateId,
              project_budget_id: lookups.budgetId,
            },
          },
        },
      },
      headers,
    );
    expect(res.statusCode).toBe(201);
    const mails = await mailsTo(user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your project “Third idea” is on Delivery Desk']);
  });
});

describe('POST /api/user/register-client (signed in)', () => {
  it('creates only the project for a client, in their existing company', async () => {
    const db = t.database.db;
    const company = await buildCompany(db, { title: 'Acme' });
    const { user, headers } = await signedInAs(t.app, db, 'client', { companyId: company.id });
    const res = await register(
      {
        data: {
          type: 'user',
          attributes: {
            project: {
              title: 'Second idea',
              project_state_id: lookups.stateId,
              project_budget_id: lookups.budgetId,
            },
          },
        },
      },
      headers,
    );
    expect(res.statusCode).toBe(201);
    const projectId = Number(res.json().data.project.id);
    const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
    expect(project).toMatchObject({ title: 'Second idea', ownerId: user.id, companyId: company.id });
    expect(String(res.headers['set-cookie'])).not.toContain('dd_token=');
  });

  it('creates a company titled after the project for a client without one', async () => {
    const db = t.database.db;
    const { user, headers } = await signedInAs(t.app, db, 'client');
    const res = await register(
      {
        data: {
          attributes: {
            project: {
              title: 'Solo',
              project_state_id: lookups.stateId,
              project_budget_id: lookups.budgetId,
            },
          },
        },
      },
      headers,
    );
    expect(res.statusCode).toBe(201);
    const [fresh] = await db.select().from(users).where(eq(users.id, user.id));
    const [company] = await db.select().from(companies).where(eq(companies.id, fresh!.companyId!));
    expect(company!.title).toBe('Solo');
  });

  it('refuses staff: the wizard is for clients and visitors', async () => {
    for (const role of ['admin', 'developer', 'accountManager'] as const) {
      const { headers } = await signedInAs(t.app, t.database.db, role);
      const res = await register(visitorBody({ user: { email: `${role}-x@example.com` } }), headers);
      expect(res.statusCode).toBe(403);
    }
  });
});

const saveIncomplete = (payload: string, contentType = JSON_API, remoteAddress = nextAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/authorization/incomplete-registration',
    remoteAddress,
    headers: { 'content-type': contentType },
    payload,
  });

describe('POST /api/authorization/incomplete-registration', () => {
  it('stores the partial data, never the password, and keeps one record per e-mail', async () => {
    const attributes = {
      step: 6,
      'user-email': 'Lead@Example.com',
      'user-password': 'super-secret-1',
      'user-name': 'Lead',
      'project-title': 'Shop',
      'project-tech': 'React, Node.js',
      'company-size': '11-50',
    };
    const first = await saveIncomplete(
      JSON.stringify({ data: { type: 'incomplete-registration', attributes } }),
    );
    expect(first.statusCode).toBe(204);
    // sendBeacon posts a string as text/plain.
    const second = await saveIncomplete(
      JSON.stringify({
        data: {
          type: 'incomplete-registration',
          attributes: { ...attributes, 'user-email': 'lead@example.com', 'project-title': 'Shop v2' },
        },
      }),
      'text/plain;charset=UTF-8',
    );
    expect(second.statusCode).toBe(204);
    const rows = await t.database.db.select().from(incompleteRegistrations);
    const mine = rows.filter((r) => r.userEmail?.toLowerCase() === 'lead@example.com');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ step: 6, projectTitle: 'Shop v2', projectTech: 'React, Node.js' });
    expect(JSON.stringify(rows)).not.toContain('super-secret-1');
  });

  it('keeps records without an e-mail apart', async () => {
    const before = await t.database.db.$count(incompleteRegistrations);
    const body = JSON.stringify({ data: { attributes: { step: 2, 'project-description': 'an idea' } } });
    expect((await saveIncomplete(body)).statusCode).toBe(204);
    expect((await saveIncomplete(body)).statusCode).toBe(204);
    expect(await t.database.db.$count(incompleteRegistrations)).toBe(before + 2);
  });
});

describe('GET /api/incomplete-registration/search', () => {
  it('lists newest first for admins, paged, without any password', async () => {
    const { headers } = await signedInAs(t.app, t.database.db, 'admin');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/incomplete-registration/search?page[size]=1&filter[0][0]=like&filter[0][1]=user-email&filter[0][2]=lead',
      headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0].attributes['user-email']).toBe('lead@example.com');
    expect(body.data[0].attributes).not.toHaveProperty('user-password');
    expect(body.meta['page-count']).toBe(1);
  });

  it('is for admins only', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/incomplete-registration/search' });
    expect(anonymous.statusCode).toBe(401);
    for (const role of ['client', 'developer', 'accountManager', 'readonlyManager'] as const) {
      const { headers } = await signedInAs(t.app, t.database.db, role);
      const res = await t.app.inject({ method: 'GET', url: '/api/incomplete-registration/search', headers });
      expect(res.statusCode).toBe(403);
    }
    const { headers } = await signedInAs(t.app, t.database.db, 'superAdmin');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/incomplete-registration/search?sort=-created',
      headers,
    });
    expect(res.statusCode).toBe(200);
  });
});
