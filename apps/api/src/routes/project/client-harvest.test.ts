import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers, projects } from '../../db/schema/index.ts';
import { buildCompany, buildProject, buildUser, signedInAs } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 11 finding 2, written as the attack: a client who owns a project lists other users as the
 * project's clients, then reads their contact details through include=client.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;

const clients = (ids: number[]) => ({ data: ids.map((id) => ({ type: 'user', id: String(id) })) });
const patch = (projectId: number, headers: Record<string, string>, clientIds: number[]) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/project/${projectId}`,
    headers,
    payload: {
      data: {
        type: 'project',
        id: String(projectId),
        attributes: { title: 'My project' },
        relationships: { client: clients(clientIds) },
      },
    },
  });
const memberIds = async (projectId: number) =>
  (
    await db()
      .select({ userId: projectMembers.userId })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.kind, 'client')))
  )
    .map((m) => m.userId)
    .sort((a, b) => a - b);

describe('a client cannot harvest other users through relationships.client', () => {
  it('refuses adding a victim, and the victim gains no access and leaks nothing', async () => {
    const attacker = await signedInAs(t.app, db(), 'client');
    const project = await buildProject(db(), { ownerId: attacker.user.id });
    const victim = await buildUser(db(), {
      role: 'client',
      email: 'victim@example.com',
      phone: '+14155550199',
    });

    const res = await patch(project.id, attacker.headers, [attacker.user.id, victim.id]);
    expect(res.statusCode).toBe(403);
    expect(await memberIds(project.id)).toEqual([attacker.user.id]);

    const read = await t.app.inject({
      url: `/api/project/${project.id}?include=client,owner`,
      headers: attacker.headers,
    });
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain('victim@example.com');
    expect(read.body).not.toContain('5550199');
  });

  it('answers the same for a client, a staff member, an unknown id and an id out of range', async () => {
    const attacker = await signedInAs(t.app, db(), 'client');
    const project = await buildProject(db(), { ownerId: attacker.user.id });
    const otherClient = await buildUser(db(), { role: 'client' });
    const staff = await buildUser(db(), { role: 'developer' });
    const answers = [];
    for (const id of [otherClient.id, staff.id, 999_999, 2_000_000_000]) {
      const res = await patch(project.id, attacker.headers, [attacker.user.id, id]);
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(answers[0]?.status).toBe(403);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(await memberIds(project.id)).toEqual([attacker.user.id]);
  });

  it('refuses removing a co-client and accepts the unchanged list in any order', async () => {
    const owner = await signedInAs(t.app, db(), 'client');
    const project = await buildProject(db(), { ownerId: owner.user.id });
    const coClient = await buildUser(db(), { role: 'client' });
    await db().insert(projectMembers).values({ projectId: project.id, userId: coClient.id, kind: 'client' });

    const removed = await patch(project.id, owner.headers, [owner.user.id]);
    expect(removed.statusCode).toBe(403);
    const unchanged = await patch(project.id, owner.headers, [coClient.id, owner.user.id, coClient.id]);
    expect(unchanged.statusCode).toBe(200);
    expect(await memberIds(project.id)).toEqual([owner.user.id, coClient.id].sort((a, b) => a - b));
  });

  it('staff rules stay: a project manager adds a client; an unknown id is a 422 for them', async () => {
    const pm = await signedInAs(t.app, db(), 'projectManager');
    const project = await buildProject(db());
    const newClient = await buildUser(db(), { role: 'client' });
    const added = await patch(project.id, pm.headers, [project.ownerId!, newClient.id]);
    expect(added.statusCode).toBe(200);
    expect(await memberIds(project.id)).toContain(newClient.id);
    const unknown = await patch(project.id, pm.headers, [999_999]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0]).toMatchObject({
      title: 'Unknown client',
      source: { pointer: '/data/relationships/client' },
    });
  });
});

describe('the owner forms do not tell which companies and users exist', () => {
  it('a client gets the same 403 for someone else’s company or user as for an unknown id', async () => {
    const attacker = await signedInAs(t.app, db(), 'client');
    await buildProject(db(), { ownerId: attacker.user.id });
    const victim = await buildUser(db(), { role: 'client' });
    const victimProject = await buildProject(db(), { ownerId: victim.id });
    const company = { data: { type: 'company', attributes: { title: 'Acme Inc' } } };
    const details = {
      data: {
        type: 'user',
        attributes: { name: 'Eve Evil', email: 'eve@example.com', phone: '+14155550100' },
      },
    };
    const answers = async (url: (id: number) => string, body: object, ids: number[]) => {
      const out = [];
      for (const id of ids) {
        const res = await t.app.inject({
          method: 'PATCH',
          url: url(id),
          headers: attacker.headers,
          payload: body,
        });
        out.push({ status: res.statusCode, body: res.json() });
      }
      return out;
    };
    const companyAnswers = await answers((id) => `/api/company/${id}`, company, [
      victimProject.companyId ?? (await buildCompanyFor(victimProject.id)),
      999_999,
    ]);
    expect(companyAnswers[0]?.status).toBe(403);
    expect(companyAnswers[1]).toEqual(companyAnswers[0]);
    const userAnswers = await answers((id) => `/api/user/${id}/details`, details, [victim.id, 999_999]);
    expect(userAnswers[0]?.status).toBe(403);
    expect(userAnswers[1]).toEqual(userAnswers[0]);
  });
});

async function buildCompanyFor(projectId: number) {
  const company = await buildCompany(db());
  await db().update(projects).set({ companyId: company.id }).where(eq(projects.id, projectId));
  return company.id;
}

describe('record ids a client may not see', () => {
  it('an unknown id answers exactly like someone else’s, on paths and in bodies', async () => {
    const attacker = await signedInAs(t.app, db(), 'client');
    const foreign = await buildProject(db());
    const pairs: Array<[string, (id: number) => { method: 'GET' | 'POST'; url: string; payload?: object }]> =
      [
        ['project', (id) => ({ method: 'GET', url: `/api/project/${id}` })],
        ['tour', (id) => ({ method: 'GET', url: `/api/project/${id}/tour-state` })],
        ['updates', (id) => ({ method: 'GET', url: `/api/project-update/search?filter[project_id]=${id}` })],
        [
          'call',
          (id) => ({
            method: 'POST',
            url: '/api/scheduled-call/create',
            payload: {
              data: {
                type: 'scheduled-call',
                attributes: { project_id: id, scheduled: '2031-01-06 10:00:00' },
              },
            },
          }),
        ],
        [
          'invitation',
          (id) => ({
            method: 'POST',
            url: '/api/invitation/create',
            payload: {
              data: { type: 'invitation', attributes: { email: 'friend@example.com', project_id: id } },
            },
          }),
        ],
      ];
    for (const [name, request] of pairs) {
      const answers = [];
      for (const id of [foreign.id, 999_999]) {
        const res = await t.app.inject({ ...request(id), headers: attacker.headers });
        answers.push({ status: res.statusCode, body: res.json() });
      }
      expect(answers[0]?.status, name).toBe(403);
      expect(answers[1], name).toEqual(answers[0]);
    }
    // A visitor gets 401 for both.
    for (const id of [foreign.id, 999_999])
      expect((await t.app.inject({ url: `/api/project/${id}` })).statusCode).toBe(401);
  });
});
