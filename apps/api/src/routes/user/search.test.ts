import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, buildTeam, buildUser, DEFAULT_PASSWORD, signedInAs } from '../../test/factories.ts';
import { buildTestApp, JSON_API, type TestApp } from '../../test/test-app.ts';

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
let admin: { id: number; headers: Record<string, string> };
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const signed = await signedInAs(t.app, db, 'admin', {
    name: 'Zed Admin',
    email: 'zed@agency.test',
    phone: '+1 999 000 0000',
    createdAt: new Date('2024-06-01T00:00:00Z'),
  });
  admin = { id: signed.user.id, headers: { authorization: signed.headers.authorization } };
  const at = (iso: string) => new Date(iso);
  const anna = await buildUser(db, {
    name: 'Anna Dev',
    email: 'anna@agency.test',
    phone: '+1 111 222 3333',
    role: 'developer',
    createdAt: at('2025-01-05T10:00:00Z'),
  });
  const boris = await buildUser(db, {
    name: 'Boris Client',
    email: 'boris@client.test',
    phone: '+44 20 0000 1111',
    role: 'client',
    createdAt: at('2025-02-05T10:00:00Z'),
  });
  const cleo = await buildUser(db, {
    name: 'Cleo PM',
    email: 'cleo@agency.test',
    phone: '+1 333 444 5555',
    role: 'projectManager',
    createdAt: at('2025-03-05T10:00:00Z'),
  });
  await buildUser(db, { name: 'Gone User', role: 'developer', isActive: false });
  await buildTeam(db, { title: 'Rocket Squad', memberIds: [anna.id, cleo.id] });
  await buildProject(db, { title: 'Nebula Shop', ownerId: boris.id });
  Object.assign(ids, { anna: anna.id, boris: boris.id, cleo: cleo.id });
});
afterAll(() => t.close());

const search = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/user/search?${query}`, headers: admin.headers });
  return { status: res.statusCode, body: res.json() as Doc };
};
const names = (doc: Doc) => doc.data.map((u) => u.attributes.name);
const f = (i: number, op: string, field: string, value: string) =>
  `filter[${i}][0]=${encodeURIComponent(op)}&filter[${i}][1]=${field}&filter[${i}][2]=${encodeURIComponent(value)}`;

describe('GET /api/user/search', () => {
  it('lists active users by name with role, teams and own projects; deactivated users are left out', async () => {
    const { status, body } = await search('include=role,team,ownProject');
    expect(status).toBe(200);
    // The bootstrap superAdmin of the test app ('Administrator') is listed too.
    expect(names(body)).toEqual(['Administrator', 'Anna Dev', 'Boris Client', 'Cleo PM', 'Zed Admin']);
    expect(names(body)).not.toContain('Gone User');
    expect(body.meta.total).toBe(body.data.length);
    const anna = body.data.find((u) => u.attributes.name === 'Anna Dev')!;
    expect(anna.relationships.team?.data).toEqual([{ type: 'team', id: expect.any(String) }]);
    const boris = body.data.find((u) => u.attributes.name === 'Boris Client')!;
    expect(boris.relationships.ownProject?.data).toEqual([{ type: 'project', id: expect.any(String) }]);
    const included = body.included ?? [];
    expect(included.find((r) => r.type === 'team')?.attributes.title).toBe('Rocket Squad');
    expect(included.find((r) => r.type === 'project')?.attributes.title).toBe('Nebula Shop');
    expect(included.find((r) => r.type === 'role' && r.id === 'developer')?.attributes.title).toBe(
      'Developer',
    );
  });

  it.each([
    ['=', 'role.item_name', 'projectManager', ['Cleo PM']],
    ['like', 'user.name', 'ANNA', ['Anna Dev']],
    ['like', 'user.email', '@agency.test', ['Anna Dev', 'Cleo PM', 'Zed Admin']],
    ['like', 'user.phone', '+44', ['Boris Client']],
    ['like', 'team.title', 'rocket', ['Anna Dev', 'Cleo PM']],
    ['like', 'ownProject.title', 'nebula', ['Boris Client']],
    ['>=', 'user.created', '2025-02-01 00:00:00', ['Boris Client', 'Cleo PM']],
    ['<=', 'user.created', '2025-02-28 23:59:59', ['Anna Dev', 'Boris Client', 'Zed Admin']],
  ])('filter %s %s %s', async (op, field, value, expected) => {
    // The bootstrap superAdmin is created now; an upper bound in the past leaves it out.
    const extra = op === '>=' ? `&${f(1, '<=', 'user.created', '2025-12-31 23:59:59')}` : '';
    const { status, body } = await search(`${f(0, op, field, value)}${extra}`);
    expect(status).toBe(200);
    expect(names(body).filter((n) => n !== 'Administrator' || op === '>=')).toEqual(expected);
  });

  it('filters by user.id', async () => {
    expect(names((await search(f(0, '=', 'user.id', String(ids.cleo)))).body)).toEqual(['Cleo PM']);
  });

  it.each([
    ['id', ['Zed Admin', 'Anna Dev', 'Boris Client', 'Cleo PM']],
    ['name', ['Anna Dev', 'Boris Client', 'Cleo PM', 'Zed Admin']],
    ['email', ['Anna Dev', 'Boris Client', 'Cleo PM', 'Zed Admin']],
    ['phone', ['Anna Dev', 'Cleo PM', 'Zed Admin', 'Boris Client']],
    ['role.id', ['Boris Client', 'Zed Admin', 'Anna Dev', 'Cleo PM']],
    ['created', ['Zed Admin', 'Anna Dev', 'Boris Client', 'Cleo PM']],
  ])('sorts by %s both ways', async (field, ascending) => {
    const only = `${f(0, '<=', 'user.created', '2025-12-31')}`;
    expect(names((await search(`sort=${field}&${only}`)).body)).toEqual(ascending);
    expect(names((await search(`sort=-${field}&${only}`)).body)).toEqual([...ascending].reverse());
  });

  it('answers an empty page past the end, keeping page-count', async () => {
    const { body } = await search('page[page]=50&page[size]=2');
    expect(body.data).toEqual([]);
    expect(body.meta['page-count']).toBe(Math.ceil(body.meta.total / 2));
  });

  it.each([
    ['an unknown role', f(0, '=', 'role.item_name', 'hacker')],
    ['like on role', f(0, 'like', 'role.item_name', 'admin')],
    ['an unknown field', f(0, 'like', 'user.password_hash', 'x')],
    ['a bad date', f(0, '>=', 'user.created', '2025-13-45x')],
    ['an unknown sort', 'sort=login'],
  ])('answers 400 for %s', async (_name, query) => {
    expect((await search(query)).status).toBe(400);
  });
});

describe('GET /api/user/by-role', () => {
  it('offers active users of one role with id, name, email and avatar', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/by-role?role=developer',
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Array<{ id: string; attributes: Record<string, unknown> }>;
    expect(data.map((u) => u.attributes.name)).toEqual(['Anna Dev']);
    expect(Object.keys(data[0]!.attributes).sort()).toEqual(['avatar', 'email', 'name', 'role']);
  });

  it('answers 4xx for an unknown role', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/by-role?role=boss',
      headers: admin.headers,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('DELETE /api/user/{id}', () => {
  it('deactivates: open sessions end, sign-in fails, the user leaves the table and the pickers', async () => {
    const { user, headers } = await signedInAs(t.app, t.database.db, 'developer', { name: 'Dora Leaving' });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user/${user.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(204);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/authorization/check',
      headers: { authorization: headers.authorization },
    });
    expect(session.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/authorization/login',
      remoteAddress: '10.9.9.9',
      headers: { 'content-type': JSON_API },
      payload: { data: { type: 'user', attributes: { login: user.login, password: DEFAULT_PASSWORD } } },
    });
    expect(login.statusCode).toBe(422);
    expect(names((await search(f(0, 'like', 'user.name', 'Dora'))).body)).toEqual([]);
    const picker = await t.app.inject({
      method: 'GET',
      url: '/api/user/by-role?role=developer',
      headers: admin.headers,
    });
    expect(JSON.stringify(picker.json())).not.toContain('Dora Leaving');
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${user.id}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses to deactivate yourself with 422', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/${admin.id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].title).toBe('You cannot deactivate yourself');
  });
});
