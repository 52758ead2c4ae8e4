import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { buildCompany, buildTeam, buildUser, signedInAs } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

type Doc = {
  data: Array<{
    id: string;
    attributes: Record<string, unknown>;
    relationships: Record<string, { data: unknown }>;
  }>;
  included?: Array<{ type: string; id: string; attributes: Record<string, unknown> }>;
  meta: { 'page-count': number; total: number };
};

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  headers = { authorization: (await signedInAs(t.app, t.database.db, 'superAdmin')).headers.authorization };
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() as Doc };
};
const titles = (doc: Doc) => doc.data.map((r) => r.attributes.title);

describe('teams', () => {
  it('lists by title with team size = developers + project managers, and deletes (204, then 404)', async () => {
    const db = t.database.db;
    const dev = await buildUser(db, { role: 'developer' });
    const pm = await buildUser(db, { role: 'projectManager' });
    const client = await buildUser(db, { role: 'client' });
    const gone = await buildUser(db, { role: 'developer', isActive: false });
    await buildTeam(db, { title: 'Beta', memberIds: [dev.id, pm.id, client.id, gone.id] });
    await buildTeam(db, { title: 'Alpha', punchLine: 'First' });
    const { status, body } = await get('/api/team/search?include=projectManager,developer');
    expect(status).toBe(200);
    expect(titles(body)).toEqual(['Alpha', 'Beta']);
    expect(body.data[0]!.attributes).toMatchObject({ 'punch-line': 'First', 'team-size': 0 });
    const beta = body.data[1]!;
    expect(beta.attributes['team-size']).toBe(2);
    expect(beta.relationships.developer?.data).toEqual([{ type: 'user', id: String(dev.id) }]);
    expect(beta.relationships.projectManager?.data).toEqual([{ type: 'user', id: String(pm.id) }]);
    expect(body.included?.map((u) => u.id).sort()).toEqual([String(dev.id), String(pm.id)].sort());
    expect(titles((await get('/api/team/search?sort=-title')).body)).toEqual(['Beta', 'Alpha']);
    expect(titles((await get('/api/team/search?sort=id')).body)).toEqual(['Beta', 'Alpha']);
    expect(titles((await get('/api/team/search?sort=-id')).body)).toEqual(['Alpha', 'Beta']);
    const past = await get('/api/team/search?page[page]=3');
    expect(past.body).toMatchObject({ data: [], meta: { 'page-count': 1, total: 2 } });
    expect((await get('/api/team/search?sort=punch-line')).status).toBe(400);
    expect(
      (await get('/api/team/search?filter[0][0]=like&filter[0][1]=team.title&filter[0][2]=a')).status,
    ).toBe(400);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/team/${beta.id}`, headers });
    expect(del.statusCode).toBe(204);
    expect(titles((await get('/api/team/search')).body)).toEqual(['Alpha']);
    const [still] = await db.select({ id: users.id }).from(users).where(eq(users.id, dev.id));
    expect(still?.id).toBe(dev.id);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/team/${beta.id}`, headers })).statusCode).toBe(
      404,
    );
  });
});

describe('companies', () => {
  it('lists by title with lookup titles and participants, sorts every sortable column both ways', async () => {
    const db = t.database.db;
    const acme = await buildCompany(db, {
      title: 'Acme',
      companySizeId: 2,
      companyTypeId: 1,
      companyIndustryId: 3,
      companyProjectFundingId: 1,
    });
    await buildCompany(db, {
      title: 'Globex',
      companySizeId: 1,
      companyTypeId: 2,
      companyIndustryId: 1,
      companyProjectFundingId: 2,
    });
    await buildUser(db, { role: 'client', companyId: acme.id });
    await buildUser(db, { role: 'client', companyId: acme.id });
    await buildUser(db, { role: 'developer', companyId: acme.id });
    await buildUser(db, { role: 'client', companyId: acme.id, isActive: false });

    const { status, body } = await get(
      '/api/company/search?include=client,companySize,companyType,companyIndustry,companyProjectFunding',
    );
    expect(status).toBe(200);
    expect(titles(body)).toEqual(['Acme', 'Globex']);
    const first = body.data[0]!.attributes;
    expect(first.participants).toBe(2);
    expect(first['company-size']).toEqual(expect.any(String));
    expect(first['company-size-id']).toBe(2);
    const types = new Set(body.included?.map((r) => r.type));
    expect(types).toEqual(
      new Set(['user', 'company-size', 'company-type', 'company-industry', 'company-project-funding']),
    );

    for (const key of ['companySize', 'companyType', 'companyIndustry', 'companyProjectFunding'] as const) {
      const wire = {
        companySize: 'company-size',
        companyType: 'company-type',
        companyIndustry: 'company-industry',
        companyProjectFunding: 'company-project-funding',
      }[key];
      const asc = (await get(`/api/company/search?sort=${key}.title`)).body;
      const values = asc.data.map((c) => String(c.attributes[wire]));
      expect(values).toEqual([...values].sort((a, b) => a.localeCompare(b, 'en')));
      expect(titles((await get(`/api/company/search?sort=-${key}.title`)).body)).toEqual(
        [...titles(asc)].reverse(),
      );
    }
    expect(titles((await get('/api/company/search?sort=-title')).body)).toEqual(['Globex', 'Acme']);
    expect(titles((await get('/api/company/search?sort=id')).body)).toEqual(['Acme', 'Globex']);
    expect(titles((await get('/api/company/search?sort=-id')).body)).toEqual(['Globex', 'Acme']);
    expect((await get('/api/company/search?sort=avatar')).status).toBe(400);
    expect((await get('/api/company/search?page[page]=2')).body).toMatchObject({
      data: [],
      meta: { 'page-count': 1 },
    });

    const one = await get(`/api/company/${acme.id}?include=client`);
    expect(one.status).toBe(200);
    expect((one.body.data as unknown as { attributes: { title: string } }).attributes.title).toBe('Acme');
    expect(one.body.included).toHaveLength(2);
    expect((await get(`/api/company/${acme.id}?include=secrets`)).status).toBe(400);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/company/${acme.id}`, headers });
    expect(del.statusCode).toBe(204);
    expect((await get(`/api/company/${acme.id}`)).status).toBe(404);
    expect(titles((await get('/api/company/search')).body)).toEqual(['Globex']);
  });
});
