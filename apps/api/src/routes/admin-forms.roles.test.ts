import { ROLES, type Role } from '@dd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser, signedInAs } from '../test/factories.ts';
import { buildTestApp, JSON_API, type TestApp } from '../test/test-app.ts';

let t: TestApp;
const headersByRole = new Map<Role, Record<string, string>>();
beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ROLES) headersByRole.set(role, (await signedInAs(t.app, t.database.db, role)).headers);
});
afterAll(() => t.close());

type Who = 'anonymous' | Role;
const ADMIN_ONLY_CREATED = { anonymous: 401, superAdmin: 201, admin: 201 } as const;
const EVERYONE = Object.fromEntries(['anonymous', ...ROLES].map((who) => [who, 200])) as Record<Who, number>;

let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}`;
const db = () => t.database.db;

/** Expected status per caller; roles not listed get 403. `target` makes a fresh record per call. */
type Row = {
  method: 'GET' | 'POST' | 'PATCH';
  url: (id: number) => string;
  target?: () => Promise<number>;
  body?: () => unknown;
  expected: Partial<Record<Who, number>>;
};

const ROUTES: Record<string, Row> = {
  'GET /api/user/{id}': {
    method: 'GET',
    url: (id) => `/api/user/${id}?include=role,company,techs,tech,team,ownProject`,
    target: async () => (await buildUser(db(), { role: 'developer' })).id,
    expected: { ...EVERYONE, anonymous: 401, client: 403 },
  },
  'PATCH /api/user/{id} (edit user)': {
    method: 'PATCH',
    url: (id) => `/api/user/${id}`,
    target: async () => (await buildUser(db(), { role: 'developer' })).id,
    body: () => ({
      data: {
        type: 'user',
        attributes: {
          role: 'projectManager',
          name: 'Renamed',
          login: 'ab',
          email: `edit${unique()}@example.com`,
          phone: '',
        },
      },
    }),
    expected: { anonymous: 401, superAdmin: 200, admin: 200 },
  },
  'POST /api/user/create': {
    method: 'POST',
    url: () => '/api/user/create',
    body: () => {
      const u = unique();
      return {
        data: {
          type: 'user',
          attributes: {
            role: 'developer',
            name: 'New Dev',
            email: `dev${u}@example.com`,
            password: 'secret-1',
          },
        },
      };
    },
    expected: ADMIN_ONLY_CREATED,
  },
  'POST /api/company/create': {
    method: 'POST',
    url: () => '/api/company/create',
    body: () => ({ data: { type: 'company', attributes: { title: `Acme ${unique()}` } } }),
    expected: ADMIN_ONLY_CREATED,
  },
  'POST /api/team/create': {
    method: 'POST',
    url: () => '/api/team/create',
    body: () => ({ data: { type: 'team', attributes: { title: 'Core', 'punch-line': 'We ship' } } }),
    expected: ADMIN_ONLY_CREATED,
  },
  'POST /api/project/create': {
    method: 'POST',
    url: () => '/api/project/create',
    body: () => ({ data: { type: 'project', attributes: { title: 'New portal' } } }),
    expected: ADMIN_ONLY_CREATED,
  },
  'GET /api/company/{id}': {
    method: 'GET',
    url: (id) => `/api/company/${id}?include=client`,
    target: async () => (await buildCompany(db())).id,
    expected: { anonymous: 401, superAdmin: 200, admin: 200 },
  },
  'GET /api/user/by-role (pickers)': {
    method: 'GET',
    url: () => '/api/user/by-role?role=client',
    expected: { ...EVERYONE, anonymous: 401, client: 403 },
  },
  'GET /api/company-type/search': {
    method: 'GET',
    url: () => '/api/company-type/search',
    expected: EVERYONE,
  },
  'GET /api/company-industry/search': {
    method: 'GET',
    url: () => '/api/company-industry/search',
    expected: EVERYONE,
  },
  'GET /api/company-project-funding/search': {
    method: 'GET',
    url: () => '/api/company-project-funding/search',
    expected: EVERYONE,
  },
};

const WHO: Who[] = ['anonymous', ...ROLES];
let ip = 0;

describe.each(Object.entries(ROUTES))('%s, by role', (_name, row) => {
  it.each(WHO)('%s', async (who) => {
    const id = row.target ? await row.target() : 0;
    const res = await t.app.inject({
      method: row.method,
      url: row.url(id),
      remoteAddress: `10.20.0.${++ip % 250}`,
      headers: {
        ...(row.body ? { 'content-type': JSON_API } : {}),
        ...(who === 'anonymous' ? {} : { authorization: headersByRole.get(who)?.authorization ?? '' }),
      },
      ...(row.body ? { payload: row.body() as Record<string, unknown> } : {}),
    });
    expect(res.statusCode, res.body).toBe(row.expected[who] ?? 403);
  });
});
