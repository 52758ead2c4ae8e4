import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildUser, signedInAs } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

type Doc = {
  data: Array<{ id: string; attributes: Record<string, unknown>; relationships: Record<string, unknown> }>;
  included?: Array<{ type: string; id: string; attributes: Record<string, unknown> }>;
  meta: { 'page-count': number; total: number };
};

let t: TestApp;
let admin: Record<string, string>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  admin = { authorization: (await signedInAs(t.app, db, 'admin')).headers.authorization };
  const alice = await buildUser(db, { name: 'Alice Zephyr', phone: '+1 415 555 0101' });
  const bob = await buildUser(db, { name: 'Bob 100%_sure', phone: '+44 20 7946 0000' });
  const carl = await buildUser(db, { name: 'Carl Young', phone: '+1 212 555 0199' });
  const at = (iso: string) => new Date(iso);
  ids.apollo = (
    await buildProject(db, {
      title: 'Apollo Portal',
      ownerId: alice.id,
      projectStateId: 2,
      projectSizeId: 3,
      createdAt: at('2025-01-10T12:00:00Z'),
    })
  ).id;
  ids.beta = (
    await buildProject(db, {
      title: 'Beta 50% off_sale',
      ownerId: bob.id,
      projectStateId: 1,
      projectSizeId: 1,
      createdAt: at('2025-02-20T08:00:00Z'),
    })
  ).id;
  ids.cosmos = (
    await buildProject(db, {
      title: 'Cosmos app',
      ownerId: carl.id,
      projectStateId: 3,
      projectSizeId: 2,
      createdAt: at('2025-03-05T23:30:00Z'),
    })
  ).id;
});
afterAll(() => t.close());

const search = async (query: string, headers = admin) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/project/search?${query}`, headers });
  return { status: res.statusCode, body: res.json() as Doc };
};
const titles = (doc: Doc) => doc.data.map((p) => p.attributes.title);
const f = (i: number, op: string, field: string, value: string) =>
  `filter[${i}][0]=${encodeURIComponent(op)}&filter[${i}][1]=${field}&filter[${i}][2]=${encodeURIComponent(value)}`;

describe('GET /api/project/search', () => {
  it('lists newest first with page-count, total and the four includes', async () => {
    const { status, body } = await search('include=client,size,state,owner');
    expect(status).toBe(200);
    expect(titles(body)).toEqual(['Cosmos app', 'Beta 50% off_sale', 'Apollo Portal']);
    expect(body.meta).toEqual({ 'page-count': 1, total: 3 });
    const cosmos = body.data[0]!;
    expect(cosmos.attributes).toMatchObject({ 'owner-name': 'Carl Young', 'owner-phone': '+1 212 555 0199' });
    expect(cosmos.relationships.owner).toEqual({ data: { type: 'user', id: expect.any(String) } });
    const types = new Set(body.included?.map((r) => r.type));
    expect(types).toEqual(new Set(['user', 'project-state', 'project-size']));
    for (const user of body.included?.filter((r) => r.type === 'user') ?? [])
      expect(Object.keys(user.attributes)).not.toContain('password-hash');
  });

  it.each([
    ['like', 'project.title', 'apollo', ['Apollo Portal']],
    ['like', 'project.title', '50%', ['Beta 50% off_sale']],
    ['like', 'project.title', 'f_s', ['Beta 50% off_sale']],
    ['like', 'project.title', '%', ['Beta 50% off_sale']],
    ['like', 'client.name', 'ZEPH', ['Apollo Portal']],
    ['like', 'client.name', '_', ['Beta 50% off_sale']],
    ['like', 'client.phone', '555 01', ['Cosmos app', 'Apollo Portal']],
    ['=', 'state.id', '3', ['Cosmos app']],
    ['=', 'size.id', '1', ['Beta 50% off_sale']],
    ['>=', 'project.created', '2025-02-20 00:00:00', ['Cosmos app', 'Beta 50% off_sale']],
    ['<=', 'project.created', '2025-02-20 23:59:59', ['Beta 50% off_sale', 'Apollo Portal']],
  ])('filter %s %s %s', async (op, field, value, expected) => {
    const { status, body } = await search(f(0, op, field, value));
    expect(status).toBe(200);
    expect(titles(body)).toEqual(expected);
  });

  it('filters by project.id and combines filters with AND', async () => {
    expect(titles((await search(f(0, '=', 'project.id', String(ids.beta)))).body)).toEqual([
      'Beta 50% off_sale',
    ]);
    const both = await search(
      `${f(0, '>=', 'project.created', '2025-01-01')}&${f(1, '<=', 'project.created', '2025-02-01')}`,
    );
    expect(titles(both.body)).toEqual(['Apollo Portal']);
    expect(both.body.meta.total).toBe(1);
  });

  it.each([
    ['id', ['Apollo Portal', 'Beta 50% off_sale', 'Cosmos app']],
    ['title', ['Apollo Portal', 'Beta 50% off_sale', 'Cosmos app']],
    ['owner.name', ['Apollo Portal', 'Beta 50% off_sale', 'Cosmos app']],
    ['owner.phone', ['Cosmos app', 'Apollo Portal', 'Beta 50% off_sale']],
    ['state.id', ['Beta 50% off_sale', 'Apollo Portal', 'Cosmos app']],
    ['size.id', ['Beta 50% off_sale', 'Cosmos app', 'Apollo Portal']],
    ['created', ['Apollo Portal', 'Beta 50% off_sale', 'Cosmos app']],
  ])('sorts by %s both ways', async (field, ascending) => {
    expect(titles((await search(`sort=${field}`)).body)).toEqual(ascending);
    expect(titles((await search(`sort=-${field}`)).body)).toEqual([...ascending].reverse());
  });

  it('pages by page[size]; an out-of-range page is empty and keeps page-count', async () => {
    const second = await search('page[page]=2&page[size]=2');
    expect(titles(second.body)).toEqual(['Apollo Portal']);
    expect(second.body.meta['page-count']).toBe(2);
    const beyond = await search('page[page]=9&page[size]=2');
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta).toEqual({ 'page-count': 2, total: 3 });
  });

  it.each([
    ['an unknown field', f(0, 'like', 'project.description', 'x')],
    ['a wrong operator', f(0, 'like', 'project.id', '1')],
    ['an unknown operator', f(0, '~', 'project.title', 'x')],
    ['a non-numeric id', f(0, '=', 'project.id', 'abc')],
    ['a bad date', f(0, '>=', 'project.created', 'yesterday')],
    ['an unknown sort', 'sort=description'],
    ['an unknown include', 'include=files'],
    ['page 0', 'page[page]=0'],
    ['a huge page size', 'page[size]=1000'],
    ['an unlimited page size', 'page[size]=0'],
    ['SQL in a filter field', f(0, '=', 'project.id;drop table projects', '1')],
  ])('answers 400 for %s', async (_name, query) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/project/search?${query}`, headers: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].status).toBe('400');
  });

  it('hides phone and e-mail from a readonlyManager', async () => {
    const { headers } = await signedInAs(t.app, t.database.db, 'readonlyManager');
    const { body } = await search('include=owner', { authorization: headers.authorization });
    expect(body.data[0]?.attributes['owner-phone']).toBeNull();
    expect(body.included?.every((u) => u.attributes.phone === null && u.attributes.email === null)).toBe(
      true,
    );
  });
});

describe('DELETE /api/project/{id}', () => {
  it('deletes for an admin (204), then the project is gone from the list; unknown ids are 404', async () => {
    const project = await buildProject(t.database.db, { title: 'Doomed' });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/project/${project.id}`, headers: admin });
    expect(res.statusCode).toBe(204);
    expect(titles((await search(f(0, 'like', 'project.title', 'Doomed'))).body)).toEqual([]);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/project/${project.id}`, headers: admin });
    expect(again.statusCode).toBe(404);
  });

  it('refuses the owning client', async () => {
    const { user, headers } = await signedInAs(t.app, t.database.db, 'client');
    const project = await buildProject(t.database.db, { ownerId: user.id });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/project/${project.id}`,
      headers: { authorization: headers.authorization },
    });
    expect(res.statusCode).toBe(403);
  });
});
