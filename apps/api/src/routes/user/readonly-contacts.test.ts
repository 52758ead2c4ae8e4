import { ROLES } from '@dd/domain';
import { ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers, users } from '../../db/schema/index.ts';
import { PROJECT_INCLUDES } from '../../modules/projects/get-project.ts';
import { USER_INCLUDES } from '../../modules/users/get-user.ts';
import { hideContactsOfOthers } from '../../plugins/app/contact-guard.ts';
import {
  buildCompany,
  buildProject,
  buildTeam,
  buildUser,
  signedInAs,
  withSessionAs,
} from '../../test/factories.ts';
import { isStreaming, listenOnFreePort, openBriefly } from '../../test/sse-client.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 11 finding 6: readonlyManager receives no e-mail, phone or login of anyone, in any answer.
 * The test walks every GET operation of the OpenAPI document with every include it knows of and checks
 * that no answer carries another person's e-mail, phone or login. The readonlyManager's own profile
 * (GET /authorization/check, GET /user/{own id}) keeps their own e-mail: it is theirs, and the account
 * page shows it to them.
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
    'owner',
    'requester',
    'user',
    'users',
    'role',
  ]),
];

let t: TestApp;
let base: string;
let viewer: { user: { id: number; email: string }; headers: Record<string, string> };
let fixture: { projectId: number; ownerId: number; companyId: number };
beforeAll(async () => {
  t = await buildTestApp();
  base = await listenOnFreePort(t.app);
  const db = t.database.db;
  viewer = await signedInAs(t.app, db, 'readonlyManager');
  const company = await buildCompany(db);
  const owner = await buildUser(db, { role: 'client', companyId: company.id, login: 'owner-login-77' });
  const coClient = await buildUser(db, { role: 'client' });
  const developer = await buildUser(db, { role: 'developer' });
  const pm = await buildUser(db, { role: 'projectManager' });
  const am = await buildUser(db, { role: 'accountManager' });
  const project = await buildProject(db, {
    ownerId: owner.id,
    companyId: company.id,
    accountManagerId: am.id,
  });
  await db.insert(projectMembers).values([
    { projectId: project.id, userId: coClient.id, kind: 'client' },
    { projectId: project.id, userId: developer.id, kind: 'developer' },
    { projectId: project.id, userId: pm.id, kind: 'projectManager' },
  ]);
  await buildTeam(db, { memberIds: [developer.id, pm.id] });
  // An update by the project manager, so the feed has a reporter to include.
  const { headers: pmHeaders } = await withSessionAs(db, 'projectManager');
  const posted = await t.app.inject({
    method: 'POST',
    url: '/api/project-update/post',
    headers: pmHeaders,
    payload: {
      data: { type: 'project-update', attributes: { project_id: project.id, description: 'Done' } },
    },
  });
  expect(posted.statusCode).toBe(201);
  fixture = { projectId: project.id, ownerId: owner.id, companyId: company.id };
});
afterAll(() => t.close());

function urlsFor(template: string, parameters: Array<{ in: string; name: string; schema?: unknown }>) {
  const path = template
    .replace('/api/user/{id}', `/api/user/${fixture.ownerId}`)
    .replace('/api/company/{id}', `/api/company/${fixture.companyId}`)
    .replace(/\{id\}/, String(fixture.projectId))
    .replace(/\{\w+\}/g, '1');
  const queries: string[] = [''];
  const names = new Set(parameters.filter((p) => p.in === 'query').map((p) => p.name));
  if (names.has('role')) queries.push(...ROLES.map((role) => `role=${role}`));
  if (names.has('project_id')) queries.push(`project_id=${fixture.projectId}`);
  if (names.has('timezone')) queries.push('timezone=America/New_York');
  queries.push(`filter[project_id]=${fixture.projectId}`);
  // Includes are tried where the document lists an include parameter or a free-form list query.
  const takesIncludes = names.has('include') || names.has('type') || names.has('additionalProperties');
  const withIncludes = takesIncludes
    ? queries.flatMap((q) => [
        q,
        ...INCLUDES.map((name) => `${q}${q ? '&' : ''}include=${name}`),
        `${q}${q ? '&' : ''}include=${INCLUDES.join(',')}`,
      ])
    : queries;
  return withIncludes.map((q) => (q ? `${path}?${q}` : path));
}

describe('readonlyManager never receives contacts of others', () => {
  it('no GET answer carries another person’s e-mail, phone or login', async () => {
    const others = await t.database.db
      .select({ email: users.email, phone: users.phone, login: users.login })
      .from(users)
      .where(ne(users.id, viewer.user.id));
    const secrets = others.flatMap((u) => [u.email, u.phone, u.login]).filter((v): v is string => !!v);
    expect(secrets).toContain('owner-login-77');

    const doc = t.app.swagger() as unknown as OpenApi;
    const leaks: string[] = [];
    let answered = 0;
    for (const [template, operations] of Object.entries(doc.paths)) {
      const get = operations.get;
      if (!get) continue;
      for (const url of urlsFor(template, get.parameters ?? [])) {
        const headers = { authorization: viewer.headers.authorization! };
        // A stream (GET /api/events) never ends under inject: its first chunk over a real connection.
        const res = isStreaming(get)
          ? await openBriefly(base, { url, headers })
          : await t.app.inject({ url, headers });
        if (res.statusCode !== 200) continue;
        answered++;
        const found = secrets.filter((s) => res.body.includes(s));
        if (found.length) leaks.push(`${url}: ${found.join(', ')}`);
      }
    }
    expect(leaks).toEqual([]);
    // The walk reached the answers that hold people: the project with its includes, users, the feed.
    expect(answered).toBeGreaterThan(50);
  }, 60_000);

  it('the readonlyManager’s own profile keeps their own e-mail', async () => {
    const check = await t.app.inject({
      url: '/api/authorization/check',
      headers: { authorization: viewer.headers.authorization! },
    });
    expect(check.statusCode).toBe(200);
    expect(check.body).toContain(viewer.user.email);
  });
});

describe('the net under the presenters', () => {
  it('nulls contact attributes of every resource but the viewer’s own user', () => {
    const document = {
      data: [
        { type: 'user', id: '7', attributes: { email: 'me@example.com', login: 'me', name: 'Me' } },
        { type: 'user', id: '8', attributes: { email: 'you@example.com', phone: '555', name: 'You' } },
        { type: 'project-row', id: '1', attributes: { 'owner-phone': '555', 'user-email': 'x@example.com' } },
      ],
      included: [{ type: 'user', id: '9', attributes: { login: 'them' } }],
    };
    expect(hideContactsOfOthers(document, 7)).toBe(true);
    expect(document.data[0]?.attributes).toEqual({ email: 'me@example.com', login: 'me', name: 'Me' });
    expect(document.data[1]?.attributes).toEqual({ email: null, phone: null, name: 'You' });
    expect(document.data[2]?.attributes).toEqual({ 'owner-phone': null, 'user-email': null });
    expect(document.included[0]?.attributes).toEqual({ login: null });
  });
});
