import { MESSAGES, OBSERVER_ERRORS, type Role } from '@dd/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents, projectEvents, projectMembers, users } from '../../db/schema/index.ts';
import { buildCompany, buildProject, buildUser, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Admin docs/product.md §A8: an invitation to an e-mail that is already registered adds that person to the project
 * as an observer ('User successfully added.'). POST /api/project/{id}/observer does it, GET lists them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
type Headers = Record<string, string>;
// Each call from its own address: the route's per-address rate limit is not what these tests are about.
let ip = 0;
const remoteAddress = () => `10.41.${Math.floor(++ip / 250) % 250}.${ip % 250}`;
const add = (projectId: number | string, headers: Headers | null, email: unknown) =>
  t.app.inject({
    method: 'POST',
    remoteAddress: remoteAddress(),
    url: `/api/project/${projectId}/observer`,
    headers: {
      'content-type': 'application/vnd.api+json',
      ...(headers ? { authorization: headers.authorization! } : {}),
    },
    payload: { data: { type: 'user', attributes: { email } } },
  });
const list = (projectId: number | string, headers: Headers | null) =>
  t.app.inject({
    method: 'GET',
    url: `/api/project/${projectId}/observer`,
    headers: headers ? { authorization: headers.authorization! } : {},
  });
const titles = (res: { json: () => unknown }) =>
  ((res.json() as { errors?: Array<{ title: string }> }).errors ?? []).map((e) => e.title);
const observersOf = async (projectId: number) =>
  (
    await db()
      .select({ userId: projectMembers.userId })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.kind, 'observer')))
  ).map((r) => r.userId);
const historyOf = (projectId: number) =>
  db().select().from(projectEvents).where(eq(projectEvents.projectId, projectId));
const teamEventsOf = (projectId: number) =>
  db()
    .select()
    .from(liveEvents)
    .where(and(eq(liveEvents.projectId, projectId), eq(liveEvents.kind, 'team')));

describe('POST /api/project/{id}/observer', () => {
  it('adds a registered staff member by e-mail, records it in the history and announces the team', async () => {
    const { user: manager, headers } = await withSessionAs(db(), 'projectManager');
    const project = await buildProject(db());
    const assistant = await buildUser(db(), { role: 'assistant', email: 'Ann.Assist@Example.com' });

    // The address as typed in the invitation form: other case, spaces around it.
    const res = await add(project.id, headers, '  ann.assist@example.COM ');
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.data).toMatchObject({
      type: 'user',
      id: String(assistant.id),
      attributes: { name: assistant.name, email: 'Ann.Assist@Example.com', role: 'assistant' },
    });
    expect(await observersOf(project.id)).toEqual([assistant.id]);

    const history = await historyOf(project.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      actorId: manager.id,
      entity: 'user',
      entityId: assistant.id,
      action: 'observer-added',
      details: { name: assistant.name },
    });
    expect(await teamEventsOf(project.id)).toHaveLength(1);

    const listed = await list(project.id, headers);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((u: { id: string }) => u.id)).toEqual([String(assistant.id)]);
    expect(listed.json().meta).toEqual({ count: 1 });
  });

  it('answers 200 and changes nothing when the person already observes the project', async () => {
    const { headers } = await withSessionAs(db(), 'accountManager');
    const project = await buildProject(db());
    const developer = await buildUser(db(), { role: 'developer' });
    expect((await add(project.id, headers, developer.email)).statusCode).toBe(201);

    const again = await add(project.id, headers, developer.email);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(String(developer.id));
    expect(await observersOf(project.id)).toEqual([developer.id]);
    expect(await historyOf(project.id)).toHaveLength(1);
    expect(await teamEventsOf(project.id)).toHaveLength(1);
  });

  it('two adds of one person at once give one 201 and one 200, and one observer row', async () => {
    const { headers } = await withSessionAs(db(), 'projectManager');
    const project = await buildProject(db());
    const assistant = await buildUser(db(), { role: 'assistant' });
    const answers = await Promise.all([
      add(project.id, headers, assistant.email),
      add(project.id, headers, assistant.email),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    expect(await observersOf(project.id)).toEqual([assistant.id]);
    expect(await historyOf(project.id)).toHaveLength(1);
  });

  it('names why a person cannot be added, pointing at the e-mail, and adds no one', async () => {
    const { headers } = await withSessionAs(db(), 'admin');
    const company = await buildCompany(db());
    const owner = await buildUser(db(), { role: 'client', companyId: company.id });
    const project = await buildProject(db(), { ownerId: owner.id, companyId: company.id });
    const gone = await buildUser(db(), { role: 'developer', isActive: false });
    const otherCompanyClient = await buildUser(db(), {
      role: 'client',
      companyId: (await buildCompany(db())).id,
    });
    const colleague = await buildUser(db(), { role: 'client', companyId: company.id });

    const cases: Array<[unknown, number, string]> = [
      ['nobody-here@example.com', 422, OBSERVER_ERRORS.unknownEmail],
      [gone.email, 422, OBSERVER_ERRORS.deactivated],
      [otherCompanyClient.email, 422, OBSERVER_ERRORS.client],
      [colleague.email, 422, OBSERVER_ERRORS.client],
      [owner.email, 422, OBSERVER_ERRORS.client],
      ['not-an-email', 422, MESSAGES.emailInvalid],
      ['', 422, MESSAGES.emailInvalid],
    ];
    for (const [email, status, title] of cases) {
      const res = await add(project.id, headers, email);
      expect(res.statusCode, `${String(email)}: ${res.body}`).toBe(status);
      expect(titles(res)).toEqual([title]);
      expect(res.json().errors[0].source).toEqual({ pointer: '/data/attributes/email' });
    }
    expect(await observersOf(project.id)).toEqual([]);
    expect(await historyOf(project.id)).toEqual([]);
    expect(await teamEventsOf(project.id)).toEqual([]);
  });

  it('is a conflict for someone already on the project as developer, project manager or account manager', async () => {
    const { headers } = await withSessionAs(db(), 'superAdmin');
    const accountManager = await buildUser(db(), { role: 'accountManager' });
    const project = await buildProject(db(), { accountManagerId: accountManager.id });
    const developer = await buildUser(db(), { role: 'developer' });
    const manager = await buildUser(db(), { role: 'projectManager' });
    await db()
      .insert(projectMembers)
      .values([
        { projectId: project.id, userId: developer.id, kind: 'developer' },
        { projectId: project.id, userId: manager.id, kind: 'projectManager' },
      ]);
    for (const person of [developer, manager, accountManager]) {
      const res = await add(project.id, headers, person.email);
      expect(res.statusCode, res.body).toBe(409);
      expect(titles(res), res.body).toEqual([OBSERVER_ERRORS.alreadyMember]);
    }
    expect(await observersOf(project.id)).toEqual([]);
  });

  describe('attacks', () => {
    it.each<Role>(['client', 'developer', 'readonlyManager', 'assistant'])(
      'a %s on the project may not add anyone, and learns nothing about the e-mail',
      async (role) => {
        const { user: caller, headers } = await withSessionAs(db(), role);
        const project =
          role === 'client' ? await buildProject(db(), { ownerId: caller.id }) : await buildProject(db());
        if (role !== 'client')
          await db()
            .insert(projectMembers)
            .values({
              projectId: project.id,
              userId: caller.id,
              kind: role === 'developer' ? 'developer' : 'observer',
            });
        const target = await buildUser(db(), { role: 'developer' });
        for (const email of [target.email, 'nobody-here@example.com', 'not-an-email']) {
          const res = await add(project.id, headers, email);
          expect(res.statusCode, res.body).toBe(403);
        }
        // Themselves neither (a way into a project's team they were not given).
        expect((await add(project.id, headers, caller.email)).statusCode).toBe(403);
        expect(await observersOf(project.id)).toEqual(
          role === 'client' || role === 'developer' ? [] : [caller.id],
        );
        expect(await historyOf(project.id)).toEqual([]);
      },
    );

    it('a visitor gets 401 and a client on another project 403, before the body is read', async () => {
      const project = await buildProject(db());
      const target = await buildUser(db(), { role: 'developer' });
      expect((await add(project.id, null, target.email)).statusCode).toBe(401);
      expect((await add(project.id, null, 'not-an-email')).statusCode).toBe(401);
      const { headers } = await withSessionAs(db(), 'client');
      expect((await add(project.id, headers, target.email)).statusCode).toBe(403);
      expect(await observersOf(project.id)).toEqual([]);
    });

    it('another project id adds to that project only; an unknown or malformed id adds to none', async () => {
      const { headers } = await withSessionAs(db(), 'projectManager');
      const mine = await buildProject(db());
      const other = await buildProject(db());
      const target = await buildUser(db(), { role: 'assistant' });
      expect((await add(other.id, headers, target.email)).statusCode).toBe(201);
      expect(await observersOf(other.id)).toEqual([target.id]);
      expect(await observersOf(mine.id)).toEqual([]);
      expect((await add(2_147_483_000, headers, target.email)).statusCode).toBe(404);
      expect((await add('abc', headers, target.email)).statusCode).toBe(400);
      expect((await add(-1, headers, target.email)).statusCode).toBe(400);
      expect((await add('99999999999', headers, target.email)).statusCode).toBe(400);
    });

    it('a body that is not the documented shape is a 422, never a 5xx', async () => {
      const { headers } = await withSessionAs(db(), 'admin');
      const project = await buildProject(db());
      for (const payload of [
        {},
        { data: null },
        { data: { attributes: {} } },
        { data: { attributes: { email: 42 } } },
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          remoteAddress: remoteAddress(),
          url: `/api/project/${project.id}/observer`,
          headers: { 'content-type': 'application/vnd.api+json', authorization: headers.authorization! },
          payload,
        });
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      }
      const long = await add(project.id, headers, `${'a'.repeat(5000)}@example.com`);
      expect(long.statusCode).toBe(422);
    });
  });
});

describe('GET /api/project/{id}/observer', () => {
  it('is read by whoever reads the project: its client yes, another client no', async () => {
    const { headers: admin } = await withSessionAs(db(), 'admin');
    const { user: owner, headers: ownerHeaders } = await withSessionAs(db(), 'client');
    const project = await buildProject(db(), { ownerId: owner.id });
    const watcher = await buildUser(db(), { role: 'assistant' });
    expect((await add(project.id, admin, watcher.email)).statusCode).toBe(201);

    const seen = await list(project.id, ownerHeaders);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data[0].attributes.name).toBe(watcher.name);
    const { headers: stranger } = await withSessionAs(db(), 'client');
    expect((await list(project.id, stranger)).statusCode).toBe(403);
    expect((await list(project.id, null)).statusCode).toBe(401);
  });

  it('leaves contacts out for a readonlyManager', async () => {
    const { headers: admin } = await withSessionAs(db(), 'admin');
    const { headers: readonly } = await withSessionAs(db(), 'readonlyManager');
    const project = await buildProject(db());
    const watcher = await buildUser(db(), { role: 'developer' });
    expect((await add(project.id, admin, watcher.email)).statusCode).toBe(201);
    const res = await list(project.id, readonly);
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].attributes).toMatchObject({
      name: watcher.name,
      email: null,
      phone: null,
      login: null,
    });
    // Deactivated later: asking again is refused like any deactivated account.
    await db().update(users).set({ isActive: false }).where(eq(users.id, watcher.id));
    expect((await add(project.id, admin, watcher.email)).statusCode).toBe(422);
  });
});
