import { ROLES, type Role } from '@dd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildProject, buildTeam, buildUser, signedInAs } from '../test/factories.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
const headersByRole = new Map<Role, Record<string, string>>();
beforeAll(async () => {
  t = await buildTestApp();
  for (const role of ROLES) headersByRole.set(role, (await signedInAs(t.app, t.database.db, role)).headers);
});
afterAll(() => t.close());

type Who = 'anonymous' | Role;
const ADMIN_ONLY = { anonymous: 401, superAdmin: 200, admin: 200 } as const;
const STAFF = {
  anonymous: 401,
  client: 403,
  superAdmin: 200,
  admin: 200,
  accountManager: 200,
  developer: 200,
  projectManager: 200,
  readonlyManager: 200,
  assistant: 200,
} as const;

/** Expected status per caller; roles not listed get 403. `target` makes a fresh record per call. */
type Row = {
  method: 'GET' | 'DELETE';
  url: (id: number) => string;
  target?: () => Promise<number>;
  expected: Partial<Record<Who, number>>;
};

const db = () => t.database.db;
const ROUTES: Record<string, Row> = {
  'GET /api/project/search': { method: 'GET', url: () => '/api/project/search', expected: STAFF },
  'GET /api/user/by-role': { method: 'GET', url: () => '/api/user/by-role?role=developer', expected: STAFF },
  'GET /api/user/search': { method: 'GET', url: () => '/api/user/search', expected: ADMIN_ONLY },
  'GET /api/team/search': { method: 'GET', url: () => '/api/team/search', expected: ADMIN_ONLY },
  'GET /api/company/search': { method: 'GET', url: () => '/api/company/search', expected: ADMIN_ONLY },
  'GET /api/company/{id}': {
    method: 'GET',
    url: (id) => `/api/company/${id}?include=client`,
    target: async () => (await buildCompany(db())).id,
    expected: ADMIN_ONLY,
  },
  'DELETE /api/project/{id}': {
    method: 'DELETE',
    url: (id) => `/api/project/${id}`,
    target: async () => (await buildProject(db())).id,
    expected: { anonymous: 401, superAdmin: 204, admin: 204 },
  },
  'DELETE /api/user/{id}': {
    method: 'DELETE',
    url: (id) => `/api/user/${id}`,
    target: async () => (await buildUser(db())).id,
    expected: { anonymous: 401, superAdmin: 204, admin: 204 },
  },
  'DELETE /api/team/{id}': {
    method: 'DELETE',
    url: (id) => `/api/team/${id}`,
    target: async () => (await buildTeam(db())).id,
    expected: { anonymous: 401, superAdmin: 204, admin: 204 },
  },
  'DELETE /api/company/{id}': {
    method: 'DELETE',
    url: (id) => `/api/company/${id}`,
    target: async () => (await buildCompany(db())).id,
    expected: { anonymous: 401, superAdmin: 204, admin: 204 },
  },
};

const WHO: Who[] = ['anonymous', ...ROLES];

describe.each(Object.entries(ROUTES))('%s, by role', (_name, row) => {
  it.each(WHO)('%s', async (who) => {
    const id = row.target ? await row.target() : 0;
    const res = await t.app.inject({
      method: row.method,
      url: row.url(id),
      headers: who === 'anonymous' ? {} : { authorization: headersByRole.get(who)?.authorization ?? '' },
    });
    expect(res.statusCode).toBe(row.expected[who] ?? 403);
  });
});
