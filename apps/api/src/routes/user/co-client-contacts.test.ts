import { ROLES } from '@dd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers } from '../../db/schema/index.ts';
import { PROJECT_INCLUDES } from '../../modules/projects/get-project.ts';
import { USER_INCLUDES } from '../../modules/users/get-user.ts';
import { buildCompany, buildProject, buildUser, signedInAs } from '../../test/factories.ts';
import { isStreaming, listenOnFreePort, openBriefly } from '../../test/sse-client.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * docs/product.md §C6: a client never receives another client's e-mail, phone or login (an invited
 * co-client sees the owner's name, not how to reach them, and the owner the co-client's likewise); the
 * staff's contacts stay visible to the project's clients. The walk tries every GET operation of the
 * OpenAPI document with every include, as the readonlyManager's (readonly-contacts.test.ts).
 */
type OpenApi = {
  paths: Record<
    string,
    Record<string, { parameters?: Array<{ in: string; name: string; schema?: unknown }> }>
  >;
};

const INCLUDES = [
  ...new Set<string>([
    ...PROJECT_INCLUDES,
    ...USER_INCLUDES,
    'reporter',
    'projectManager',
    'developer',
    'accountManager',
    'client',
    'clients',
    'owner',
    'user',
    'users',
  ]),
];

let t: TestApp;
let base: string;
let coClient: Awaited<ReturnType<typeof signedInAs>>;
let owner: Awaited<ReturnType<typeof signedInAs>>;
let fixture: { projectId: number; ownerId: number; companyId: number; amEmail: string; pmPhone: string };
beforeAll(async () => {
  t = await buildTestApp();
  base = await listenOnFreePort(t.app);
  const db = t.database.db;
  const company = await buildCompany(db);
  owner = await signedInAs(t.app, db, 'client', {
    companyId: company.id,
    login: 'owner-login-co-41',
    email: 'owner.co41@example.com',
    phone: '+44 20 7946 4141',
  });
  coClient = await signedInAs(t.app, db, 'client', {
    login: 'co-client-login-42',
    email: 'co.client42@example.com',
    phone: '+44 20 7946 4242',
  });
  const am = await buildUser(db, { role: 'accountManager', email: 'am.co43@example.com' });
  const pm = await buildUser(db, { role: 'projectManager', phone: '+44 20 7946 4343' });
  const project = await buildProject(db, {
    ownerId: owner.user.id,
    companyId: company.id,
    accountManagerId: am.id,
  });
  await db.insert(projectMembers).values([
    { projectId: project.id, userId: coClient.user.id, kind: 'client' },
    { projectId: project.id, userId: pm.id, kind: 'projectManager' },
  ]);
  fixture = {
    projectId: project.id,
    ownerId: owner.user.id,
    companyId: company.id,
    amEmail: am.email,
    pmPhone: '+44 20 7946 4343',
  };
});
afterAll(() => t.close());

function urlsFor(template: string, parameters: Array<{ in: string; name: string }>, userId: number) {
  const path = template
    .replace('/api/user/{id}', `/api/user/${userId}`)
    .replace('/api/company/{id}', `/api/company/${fixture.companyId}`)
    .replace(/\{id\}/, String(fixture.projectId))
    .replace(/\{\w+\}/g, '1');
  const queries: string[] = [''];
  const names = new Set(parameters.filter((p) => p.in === 'query').map((p) => p.name));
  if (names.has('role')) queries.push(...ROLES.map((role) => `role=${role}`));
  if (names.has('project_id')) queries.push(`project_id=${fixture.projectId}`);
  queries.push(`filter[project_id]=${fixture.projectId}`);
  const takesIncludes = names.has('include') || names.has('type') || names.has('additionalProperties');
  const withIncludes = takesIncludes
    ? queries.flatMap((q) => [
        q,
        ...INCLUDES.map((name) => `${q}${q ? '&' : ''}include=${name}`),
        `${q}${q ? '&' : ''}include=${PROJECT_INCLUDES.join(',')}`,
      ])
    : queries;
  return withIncludes.map((q) => (q ? `${path}?${q}` : path));
}

async function walk(viewer: typeof owner, secrets: string[], otherId: number) {
  const doc = t.app.swagger() as unknown as OpenApi;
  const leaks: string[] = [];
  let answered = 0;
  for (const [template, operations] of Object.entries(doc.paths)) {
    const get = operations.get;
    if (!get) continue;
    for (const url of urlsFor(template, get.parameters ?? [], otherId)) {
      const headers = { authorization: viewer.headers.authorization };
      const res = isStreaming(get)
        ? await openBriefly(base, { url, headers })
        : await t.app.inject({ url, headers });
      if (res.statusCode !== 200) continue;
      answered++;
      const found = secrets.filter((s) => res.body.includes(s));
      if (found.length) leaks.push(`${url}: ${found.join(', ')}`);
    }
  }
  return { leaks, answered };
}

describe("a project's clients do not receive each other's contacts", () => {
  it("the co-client receives the owner's name but never their e-mail, phone or login", async () => {
    const page = await t.app.inject({
      url: `/api/project/${fixture.projectId}?include=owner,account-manager,project-manager,client`,
      headers: { authorization: coClient.headers.authorization },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(owner.user.name);
    // Staff contacts as before.
    expect(page.body).toContain(fixture.amEmail);
    expect(page.body).toContain(fixture.pmPhone);

    const { leaks, answered } = await walk(
      coClient,
      ['owner-login-co-41', 'owner.co41@example.com', '+44 20 7946 4141'],
      fixture.ownerId,
    );
    expect(leaks).toEqual([]);
    expect(answered).toBeGreaterThan(10);
  }, 60_000);

  it("the owner does not receive the co-client's either, and both keep their own", async () => {
    const { leaks } = await walk(
      owner,
      ['co-client-login-42', 'co.client42@example.com', '+44 20 7946 4242'],
      coClient.user.id,
    );
    expect(leaks).toEqual([]);
    const own = await t.app.inject({
      url: `/api/project/${fixture.projectId}?include=owner`,
      headers: { authorization: owner.headers.authorization },
    });
    expect(own.body).toContain('owner.co41@example.com');
  }, 60_000);
});
