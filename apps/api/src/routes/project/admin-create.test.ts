import { DEFAULT_ACCOUNT_MANAGER_SETTING } from '@dd/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companies,
  companyIndustries,
  companyProjectFundings,
  companySizes,
  companyTypes,
  projectMembers,
  projectStates,
  projects,
  projectTechs,
  projectTypes,
  settings,
  teamMembers,
  teams,
  techs,
} from '../../db/schema/index.ts';
import { buildCompany, buildUser, signedInAs } from '../../test/factories.ts';
import { buildTestApp, firstError, JSON_API, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedInAs(t.app, t.database.db, 'admin')).headers;
});
afterAll(() => t.close());

const refs = (type: string, ids: number[]) => ({ data: ids.map((id) => ({ type, id: String(id) })) });
const post = (url: string, type: string, attributes: Record<string, unknown>, relationships?: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...admin, 'content-type': JSON_API },
    payload: { data: { type, attributes, relationships } },
  });
const firstId = async (table: typeof companySizes) =>
  (await t.database.db.select({ id: table.id }).from(table).limit(1))[0]!.id;

describe('POST /api/company/create', () => {
  it('creates a company with its lookups and avatar', async () => {
    const ids = {
      'company-size-id': await firstId(companySizes),
      'company-type-id': await firstId(companyTypes),
      'company-industry-id': await firstId(companyIndustries),
      'company-project-funding-id': await firstId(companyProjectFundings),
    };
    const res = await post('/api/company/create', 'company', {
      title: 'Acme',
      avatar: '/api/image/3',
      ...ids,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.attributes).toMatchObject({ title: 'Acme', ...ids });
    const [row] = await t.database.db
      .select()
      .from(companies)
      .where(eq(companies.id, Number(res.json().data.id)));
    expect(row).toMatchObject({
      title: 'Acme',
      avatar: '/api/image/3',
      companySizeId: ids['company-size-id'],
    });
  });

  it('rejects a short or zero title and unknown lookups with 422', async () => {
    expect(firstError(await post('/api/company/create', 'company', { title: 'A' }))).toMatchObject({
      title: 'Minimum 2 characters',
      source: { pointer: '/data/attributes/title' },
    });
    expect((await post('/api/company/create', 'company', { title: '00' })).statusCode).toBe(422);
    const unknown = await post('/api/company/create', 'company', {
      title: 'Acme',
      'company-type-id': 99_999,
    });
    expect(firstError(unknown)?.source?.pointer).toBe('/data/attributes/company-type-id');
  });

  it('GET /api/company/{id}?include=client lists its clients', async () => {
    const company = await buildCompany(t.database.db);
    const client = await buildUser(t.database.db, { role: 'client', companyId: company.id });
    const res = await t.app.inject({ url: `/api/company/${company.id}?include=client`, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().included).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'user', id: String(client.id) })]),
    );
  });
});

describe('POST /api/team/create', () => {
  it('creates a team with its project manager', async () => {
    const pm = await buildUser(t.database.db, { role: 'projectManager' });
    const res = await post(
      '/api/team/create',
      'team',
      { title: 'Core', 'punch-line': 'We ship' },
      { projectManager: refs('user', [pm.id]) },
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = Number(res.json().data.id);
    expect((await t.database.db.select().from(teams).where(eq(teams.id, id)))[0]).toMatchObject({
      title: 'Core',
      punchLine: 'We ship',
    });
    expect(
      (await t.database.db.select().from(teamMembers).where(eq(teamMembers.teamId, id))).map((m) => m.userId),
    ).toEqual([pm.id]);
  });

  it('checks the minimums and offers only active project managers', async () => {
    const res = await post('/api/team/create', 'team', { title: 'C', 'punch-line': 'W' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveLength(2);
    const dev = await buildUser(t.database.db, { role: 'developer' });
    const gone = await buildUser(t.database.db, { role: 'projectManager', isActive: false });
    for (const id of [dev.id, gone.id]) {
      const refused = await post(
        '/api/team/create',
        'team',
        { title: 'Core', 'punch-line': 'We ship' },
        { projectManager: refs('user', [id]) },
      );
      expect(firstError(refused)?.source?.pointer).toBe('/data/relationships/projectManager');
    }
  });
});

describe('POST /api/project/create', () => {
  it('creates a project with people by role, company, techs and types', async () => {
    const [client1, client2, am, pm, dev] = await Promise.all(
      (['client', 'client', 'accountManager', 'projectManager', 'developer'] as const).map((role) =>
        buildUser(t.database.db, { role }),
      ),
    );
    const company = await buildCompany(t.database.db);
    const stateId = await firstId(projectStates);
    const techIds = (await t.database.db.select({ id: techs.id }).from(techs).limit(2)).map((r) => r.id);
    const typeIds = (await t.database.db.select({ id: projectTypes.id }).from(projectTypes).limit(2)).map(
      (r) => r.id,
    );
    const res = await post(
      '/api/project/create',
      'project',
      { title: 'Portal', description: 'A portal', 'project-state-id': stateId },
      {
        client: refs('user', [client1!.id, client2!.id]),
        accountManager: refs('user', [am!.id]),
        projectManager: refs('user', [pm!.id]),
        developer: refs('user', [dev!.id]),
        company: refs('company', [company.id]),
        tech: refs('tech', techIds),
        projectType: refs('project-type', typeIds),
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = Number(res.json().data.id);
    const [row] = await t.database.db.select().from(projects).where(eq(projects.id, id));
    expect(row).toMatchObject({
      title: 'Portal',
      ownerId: client1!.id,
      accountManagerId: am!.id,
      companyId: company.id,
      projectStateId: stateId,
    });
    const members = await t.database.db.select().from(projectMembers).where(eq(projectMembers.projectId, id));
    expect(members.map((m) => `${m.kind}:${m.userId}`).sort()).toEqual(
      [
        `client:${client1!.id}`,
        `client:${client2!.id}`,
        `projectManager:${pm!.id}`,
        `developer:${dev!.id}`,
      ].sort(),
    );
    expect(
      await t.database.db.select().from(projectTechs).where(eq(projectTechs.projectId, id)),
    ).toHaveLength(2);
  });

  it('takes the default account manager when none is chosen', async () => {
    const am = await buildUser(t.database.db, { role: 'accountManager' });
    await t.database.db
      .insert(settings)
      .values({ name: DEFAULT_ACCOUNT_MANAGER_SETTING, value: String(am.id) });
    const res = await post('/api/project/create', 'project', { title: 'Default AM' });
    const [row] = await t.database.db
      .select()
      .from(projects)
      .where(eq(projects.id, Number(res.json().data.id)));
    expect(row?.accountManagerId).toBe(am.id);
  });

  it('refuses a wrong-role or unknown person, a missing title and a zero title', async () => {
    const dev = await buildUser(t.database.db, { role: 'developer' });
    const wrong = await post(
      '/api/project/create',
      'project',
      { title: 'Portal' },
      { client: refs('user', [dev.id]) },
    );
    expect(firstError(wrong)?.source?.pointer).toBe('/data/relationships/client');
    expect(firstError(await post('/api/project/create', 'project', {}))?.source?.pointer).toBe(
      '/data/attributes/title',
    );
    expect((await post('/api/project/create', 'project', { title: '0' })).statusCode).toBe(422);
  });
});
