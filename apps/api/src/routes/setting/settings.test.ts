import {
  DEFAULT_ACCOUNT_MANAGER_SETTING,
  PHONE_PREFIX_BLACKLIST_SETTING,
  ROLES,
  type Role,
} from '@dd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signedInAs } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await signedInAs(t.app, t.database.db, 'admin')).headers;
});
afterAll(() => t.close());

const JSON_API = 'application/vnd.api+json';
const search = (query: string, headers: Record<string, string>) =>
  t.app.inject({ url: `/api/setting/search${query}`, headers });
const create = (attributes: Record<string, unknown>, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/setting/create',
    headers: { 'content-type': JSON_API, ...headers },
    payload: { data: { type: 'setting', attributes } },
  });
const update = (id: string | number, value: unknown, headers: Record<string, string>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/setting/${id}`,
    headers: { 'content-type': JSON_API, ...headers },
    payload: { data: { type: 'setting', id: String(id), attributes: { value } } },
  });
const errorOf = (res: { json: () => { errors: Array<{ title: string; source?: { pointer?: string } }> } }) =>
  res.json().errors[0]!;

describe('setting routes by role', () => {
  const headersOf = new Map<Role, Record<string, string>>();
  beforeAll(async () => {
    for (const role of ROLES) headersOf.set(role, (await signedInAs(t.app, t.database.db, role)).headers);
  });

  it('anonymous visitors get 401 on every route', async () => {
    expect((await search('', {})).statusCode).toBe(401);
    expect((await create({ name: DEFAULT_ACCOUNT_MANAGER_SETTING, value: 'init' }, {})).statusCode).toBe(401);
    expect((await update(1, 'init', {})).statusCode).toBe(401);
  });

  it('search is for staff; create and update are for admin and superAdmin only', async () => {
    for (const role of ROLES) {
      const headers = headersOf.get(role)!;
      const staff = role !== 'client';
      const adminLevel = role === 'admin' || role === 'superAdmin';
      expect(
        (await search(`?filter[name]=${DEFAULT_ACCOUNT_MANAGER_SETTING}`, headers)).statusCode,
        role,
      ).toBe(staff ? 200 : 403);
      // An empty body shows the role check runs first: non-admins get 403, admins reach validation (422).
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/setting/create',
        headers,
        payload: { data: { attributes: {} } },
      });
      expect(created.statusCode, role).toBe(adminLevel ? 422 : 403);
      const patched = await t.app.inject({ method: 'PATCH', url: '/api/setting/999', headers, payload: {} });
      expect(patched.statusCode, role).toBe(adminLevel ? 422 : 403);
    }
  });
});

describe('the default account manager setting', () => {
  let id: string;

  it('is absent until first saved; then searchable by filter[name] and by the filter triple', async () => {
    const empty = await search(`?filter[name]=${DEFAULT_ACCOUNT_MANAGER_SETTING}`, admin);
    expect(empty.json()).toMatchObject({ data: [] });

    const manager = await buildUser(t.database.db, { role: 'accountManager' });
    const res = await create({ name: DEFAULT_ACCOUNT_MANAGER_SETTING, value: String(manager.id) }, admin);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      type: 'setting',
      attributes: { name: DEFAULT_ACCOUNT_MANAGER_SETTING, value: String(manager.id) },
    });
    id = res.json().data.id;

    const { headers } = await signedInAs(t.app, t.database.db, 'developer');
    const byName = await search(`?filter[name]=${DEFAULT_ACCOUNT_MANAGER_SETTING}`, headers);
    expect(byName.json().data).toEqual([
      {
        type: 'setting',
        id,
        attributes: { name: DEFAULT_ACCOUNT_MANAGER_SETTING, value: String(manager.id) },
      },
    ]);
    const byTriple = await search(
      `?filter[0][0]==&filter[0][1]=name&filter[0][2]=${DEFAULT_ACCOUNT_MANAGER_SETTING}`,
      headers,
    );
    expect(byTriple.json().data.map((s: { id: string }) => s.id)).toEqual([id]);
    expect((await search('?filter[name]=other', headers)).json().data).toEqual([]);
    expect((await search('?filter[value]=1', headers)).statusCode).toBe(400);
    expect((await search('?filter[0][0]=like&filter[0][1]=name&filter[0][2]=x', headers)).statusCode).toBe(
      400,
    );
  });

  it('refuses a second create of the same name with 409', async () => {
    const res = await create({ name: DEFAULT_ACCOUNT_MANAGER_SETTING, value: 'init' }, admin);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).title).toBe(
      `Setting '${DEFAULT_ACCOUNT_MANAGER_SETTING}' already exists; update it instead`,
    );
  });

  it('refuses names other than defaultAccauntManager', async () => {
    const res = await create({ name: 'somethingElse', value: 'x' }, admin);
    expect(res.statusCode).toBe(422);
    expect(errorOf(res)).toMatchObject({
      title: "Unknown setting 'somethingElse'",
      source: { pointer: '/data/attributes/name' },
    });
  });

  it('updates to init or to another active account manager', async () => {
    const other = await buildUser(t.database.db, { role: 'accountManager' });
    const res = await update(id, String(other.id), admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attributes.value).toBe(String(other.id));
    const superAdmin = (await signedInAs(t.app, t.database.db, 'superAdmin')).headers;
    const reset = await update(id, 'init', superAdmin);
    expect(reset.statusCode).toBe(200);
    const read = await search(`?filter[name]=${DEFAULT_ACCOUNT_MANAGER_SETTING}`, admin);
    expect(read.json().data[0].attributes.value).toBe('init');
  });

  it('refuses values that are not an active account manager with 422 on value', async () => {
    const developer = await buildUser(t.database.db, { role: 'developer' });
    const inactive = await buildUser(t.database.db, { role: 'accountManager', isActive: false });
    for (const value of [
      String(developer.id),
      String(inactive.id),
      '999999',
      'abc',
      '1.5',
      '-3',
      '99999999999',
    ]) {
      const res = await update(id, value, admin);
      expect(res.statusCode, value).toBe(422);
      expect(errorOf(res), value).toMatchObject({
        title: 'Choose an active account manager',
        source: { pointer: '/data/attributes/value' },
      });
    }
    const blank = await update(id, '', admin);
    expect(blank.statusCode).toBe(422);
    expect(errorOf(blank).source?.pointer).toBe('/data/attributes/value');
    expect((await update(999999, 'init', admin)).statusCode).toBe(404);
    const wrongType = await t.app.inject({
      method: 'PATCH',
      url: `/api/setting/${id}`,
      headers: admin,
      payload: { data: { type: 'user', attributes: { value: 'init' } } },
    });
    expect(wrongType.statusCode).toBe(422);
  });
});

describe('the blacklisted phone prefixes setting', () => {
  it('is seeded empty and an admin may set or clear it; only digits and separators are accepted', async () => {
    const read = await search(`?filter[name]=${PHONE_PREFIX_BLACKLIST_SETTING}`, admin);
    const row = read.json().data[0];
    expect(row.attributes.value).toBe('');
    const set = await update(row.id, '234, 92\n+880', admin);
    expect(set.statusCode).toBe(200);
    expect(set.json().data.attributes.value).toBe('234, 92\n+880');
    const bad = await update(row.id, '234; DROP TABLE', admin);
    expect(bad.statusCode).toBe(422);
    expect(errorOf(bad)).toMatchObject({
      title: 'Phone prefixes are digits separated by commas',
      source: { pointer: '/data/attributes/value' },
    });
    expect((await update(row.id, '', admin)).statusCode).toBe(200);
    const developer = (await signedInAs(t.app, t.database.db, 'developer')).headers;
    expect((await update(row.id, '1', developer)).statusCode).toBe(403);
  });
});
