import { MESSAGES, SERVER_ERRORS } from '@dd/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  images,
  mailOutbox,
  notifications,
  projectMembers,
  projects,
  tourStates,
  users,
} from '../../db/schema/index.ts';
import { buildProject, buildUser, signedInAs } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/** Team panel, reminders, add-person modal, tour and projects strip (docs/product.md §C2, §C4, §C5, §C7). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
type Headers = Record<string, string>;
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: payload ? headers : { authorization: headers.authorization! },
    ...(payload ? { payload } : {}),
  });
const titles = (res: { json: () => unknown }) =>
  ((res.json() as { errors?: Array<{ title: string }> }).errors ?? []).map((e) => e.title);

async function avatarUrl() {
  const [image] = await db()
    .insert(images)
    .values({ title: 'me.png', mime: 'image/png', size: 1, data: 'AA==' })
    .returning();
  return `/api/image/${image!.id}`;
}

describe('reminder settings', () => {
  it('first toggle creates the setting disabled, later toggles flip it; one per member', async () => {
    const { headers } = await signedInAs(t.app, db(), 'projectManager');
    const project = await buildProject(db());
    const dev = await buildUser(db(), { role: 'developer' });
    await db().insert(projectMembers).values({ projectId: project.id, userId: dev.id, kind: 'developer' });

    const search = () =>
      call(
        'GET',
        `/api/reminder-setting/search?filter[project_id]=${project.id}&page[size]=null&sort=id`,
        headers,
      );
    expect((await search()).json().data).toEqual([]);

    const body = {
      data: {
        type: 'reminder-setting',
        attributes: { project_id: project.id, user_id: dev.id, is_enabled: 0 },
      },
    };
    const created = await call('POST', '/api/reminder-setting/create', headers, body);
    expect(created.statusCode).toBe(201);
    const setting = created.json().data;
    expect(setting.attributes).toEqual({ 'project-id': project.id, 'user-id': dev.id, 'is-enabled': 0 });
    expect((await call('POST', '/api/reminder-setting/create', headers, body)).statusCode).toBe(409);

    const flip = await call('PATCH', `/api/reminder-setting/${setting.id}`, headers, {
      data: { type: 'reminder-setting', id: setting.id, attributes: { 'is-enabled': 1 } },
    });
    expect(flip.json().data.attributes['is-enabled']).toBe(1);
    const listed = (await search()).json();
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0].attributes['is-enabled']).toBe(1);
    // The spec's own call has no filter: every setting, unpaged.
    const all = await call('GET', '/api/reminder-setting/search?page[size]=null&sort=-id', headers);
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((s: { id: string }) => s.id)).toContain(setting.id);
  });

  it('refuses someone who is not on the team, a bad value, paging and unknown filters', async () => {
    const { headers } = await signedInAs(t.app, db(), 'admin');
    const project = await buildProject(db());
    const outsider = await buildUser(db(), { role: 'developer' });
    const res = await call('POST', '/api/reminder-setting/create', headers, {
      data: { attributes: { project_id: project.id, user_id: outsider.id, is_enabled: 0 } },
    });
    expect(res.statusCode).toBe(422);
    const bad = await call('POST', '/api/reminder-setting/create', headers, {
      data: { attributes: { project_id: project.id, user_id: outsider.id, is_enabled: 7 } },
    });
    expect(bad.statusCode).toBe(422);
    expect((await call('GET', '/api/reminder-setting/search?page[size]=15', headers)).statusCode).toBe(400);
    expect((await call('GET', '/api/reminder-setting/search?filter[user_id]=1', headers)).statusCode).toBe(
      400,
    );
    expect((await call('GET', '/api/reminder-setting/search?sort=name', headers)).statusCode).toBe(400);
    expect(
      (
        await call('PATCH', '/api/reminder-setting/999999', headers, {
          data: { attributes: { 'is-enabled': 1 } },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('team save through the project patch', () => {
  it('replaces developers and project managers and sets the account manager; roles are checked', async () => {
    const { headers } = await signedInAs(t.app, db(), 'accountManager');
    const project = await buildProject(db());
    const [dev1, dev2, pm, am] = await Promise.all([
      buildUser(db(), { role: 'developer' }),
      buildUser(db(), { role: 'developer' }),
      buildUser(db(), { role: 'projectManager' }),
      buildUser(db(), { role: 'accountManager' }),
    ]);
    await db().insert(projectMembers).values({ projectId: project.id, userId: dev1.id, kind: 'developer' });
    const list = (ids: number[]) => ({ data: ids.map((id) => ({ type: 'user', id: String(id) })) });
    const res = await call('PATCH', `/api/project/${project.id}`, headers, {
      data: {
        type: 'project',
        id: String(project.id),
        relationships: {
          developer: list([dev2.id]),
          projectManager: list([pm.id]),
          accountManager: list([am.id]),
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const rel = res.json().data.relationships;
    expect(rel.developer.data).toEqual([{ type: 'user', id: String(dev2.id) }]);
    expect(rel['project-manager'].data).toEqual([{ type: 'user', id: String(pm.id) }]);
    expect(rel['account-manager'].data).toEqual({ type: 'user', id: String(am.id) });

    // A developer id in the project manager list, or two account managers, is refused.
    const wrong = await call('PATCH', `/api/project/${project.id}`, headers, {
      data: { type: 'project', relationships: { projectManager: list([dev1.id]) } },
    });
    expect(wrong.statusCode).toBe(422);
    const two = await call('PATCH', `/api/project/${project.id}`, headers, {
      data: { type: 'project', relationships: { accountManager: list([am.id, am.id + 1000]) } },
    });
    expect(two.statusCode).toBe(422);
    // Clearing the account manager.
    const cleared = await call('PATCH', `/api/project/${project.id}`, headers, {
      data: { type: 'project', relationships: { 'account-manager': list([]) } },
    });
    expect(cleared.json().data.relationships['account-manager'].data).toBeNull();
    // An account manager edits the team but not the details.
    const details = await call('PATCH', `/api/project/${project.id}`, headers, {
      data: { type: 'project', attributes: { title: 'Renamed' } },
    });
    expect(details.statusCode).toBe(403);
    const empty = await call('PATCH', `/api/project/${project.id}`, headers, { data: { type: 'project' } });
    expect(empty.statusCode).toBe(422);
  });
});

describe('add developer / project manager', () => {
  const body = (attributes: Record<string, unknown>) => ({ data: { type: 'user', attributes } });

  it('creates the person with a trimmed name and e-mail and adds them to the team', async () => {
    const { headers } = await signedInAs(t.app, db(), 'projectManager');
    const project = await buildProject(db());
    const avatar = await avatarUrl();
    const res = await call(
      'POST',
      `/api/project/${project.id}/team-member`,
      headers,
      body({ role: 'developer', name: '  Dana Dev ', email: ' dana.dev@example.com ', avatar }),
    );
    expect(res.statusCode).toBe(201);
    const user = res.json().data;
    expect(user.attributes).toMatchObject({
      name: 'Dana Dev',
      email: 'dana.dev@example.com',
      role: 'developer',
      avatar,
    });
    expect(user.attributes).not.toHaveProperty('password');
    const [member] = await db()
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.userId, Number(user.id))));
    expect(member?.kind).toBe('developer');
    // Nobody knows the password until the person sets one through "forgot password".
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/authorization/login',
      headers: { 'content-type': 'application/vnd.api+json' },
      payload: {
        data: {
          type: 'user',
          attributes: { login: 'dana.dev@example.com', password: '123456', remember: '0' },
        },
      },
    });
    expect(login.statusCode).not.toBe(200);
    // ... so they are welcomed with a link to choose it (issue 42 §4).
    await t.app.mailer.settled();
    const welcome = await db().select().from(mailOutbox).where(eq(mailOutbox.to, 'dana.dev@example.com'));
    expect(welcome.map((m) => m.subject)).toEqual(['Your Delivery Desk account']);
    expect(welcome[0]!.text).toContain('Choose your password');

    const again = await call(
      'POST',
      `/api/project/${project.id}/team-member`,
      headers,
      body({ role: 'projectManager', name: 'Dana', email: 'DANA.DEV@example.com', avatar }),
    );
    expect(again.statusCode).toBe(422);
    expect(titles(again)).toEqual([SERVER_ERRORS.emailTaken]);
  });

  it("answers the product's messages for a missing name, e-mail or avatar and a wrong e-mail", async () => {
    const { headers } = await signedInAs(t.app, db(), 'admin');
    const project = await buildProject(db());
    const url = `/api/project/${project.id}/team-member`;
    const avatar = await avatarUrl();
    expect(
      titles(
        await call('POST', url, headers, body({ role: 'developer', name: ' ', email: 'a@b.co', avatar })),
      ),
    ).toEqual([MESSAGES.nameRequired]);
    expect(
      titles(await call('POST', url, headers, body({ role: 'developer', name: 'A', email: '', avatar }))),
    ).toEqual([MESSAGES.emailRequired]);
    expect(
      titles(await call('POST', url, headers, body({ role: 'developer', name: 'A', email: 'nope', avatar }))),
    ).toEqual([MESSAGES.emailWrongFormat]);
    expect(
      titles(
        await call('POST', url, headers, body({ role: 'developer', name: 'A', email: 'a@b.co', avatar: '' })),
      ),
    ).toEqual([MESSAGES.avatarRequired]);
    expect(
      titles(
        await call(
          'POST',
          url,
          headers,
          body({ role: 'developer', name: 'A', email: 'a@b.co', avatar: '/api/image/999999' }),
        ),
      ),
    ).toEqual([MESSAGES.avatarRequired]);
    // Only developers and project managers are added this way.
    expect(
      (await call('POST', url, headers, body({ role: 'admin', name: 'A', email: 'a@b.co', avatar })))
        .statusCode,
    ).toBe(422);
    const [created] = await db().select().from(users).where(eq(users.email, 'a@b.co'));
    expect(created).toBeUndefined();
  });
});

describe('first-visit tour', () => {
  it('starts at step 1 for the owner, keeps its state across devices', async () => {
    const { user, headers } = await signedInAs(t.app, db(), 'client');
    const project = await buildProject(db(), { ownerId: user.id });
    const first = await call('GET', `/api/project/${project.id}/tour-state`, headers);
    expect(first.json().data.attributes).toMatchObject({ step: 1, visited: false, 'open-modal': false });
    const saved = await call('PATCH', `/api/project/${project.id}/tour-state`, headers, {
      data: { type: 'tour-state', attributes: { step: 2, visited: true, 'open-modal': true } },
    });
    expect(saved.statusCode).toBe(200);
    // Another session (another device) sees the stored state, not a new tour.
    const { signIn } = await import('../../test/factories.ts');
    const other = await signIn(t.app, user.login);
    const again = await call('GET', `/api/project/${project.id}/tour-state`, {
      authorization: other.authorization,
    });
    expect(again.json().data.attributes).toMatchObject({ step: 2, visited: true, 'open-modal': true });
    const bad = await call('PATCH', `/api/project/${project.id}/tour-state`, headers, {
      data: { attributes: { step: 9, visited: true, 'open-modal': false } },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('starts at step 2 when the registration marker cookie is present, and clears it', async () => {
    const { user, headers } = await signedInAs(t.app, db(), 'client');
    const project = await buildProject(db(), { ownerId: user.id });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/project/${project.id}/tour-state`,
      headers: { authorization: headers.authorization, cookie: 'dd_registered=1' },
    });
    expect(res.json().data.attributes.step).toBe(2);
    expect(String(res.headers['set-cookie'])).toMatch(/dd_registered=;.*Expires=Thu, 01 Jan 1970/);
    const [row] = await db()
      .select()
      .from(tourStates)
      .where(and(eq(tourStates.userId, user.id), eq(tourStates.projectId, project.id)));
    expect(row?.step).toBe(2);
  });
});

describe('projects strip', () => {
  it("lists the client's own projects newest first with the team size", async () => {
    const { user, headers } = await signedInAs(t.app, db(), 'client');
    const older = await buildProject(db(), { ownerId: user.id, createdAt: new Date('2026-01-01T00:00:00Z') });
    const newer = await buildProject(db(), { ownerId: user.id, createdAt: new Date('2026-03-01T00:00:00Z') });
    await buildProject(db()); // someone else's
    const dev = await buildUser(db(), { role: 'developer' });
    const pm = await buildUser(db(), { role: 'projectManager' });
    await db()
      .insert(projectMembers)
      .values([
        { projectId: newer.id, userId: dev.id, kind: 'developer' },
        { projectId: newer.id, userId: pm.id, kind: 'projectManager' },
      ]);
    const res = await call('GET', '/api/project/mine', headers);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Array<{ id: string; attributes: Record<string, unknown> }>;
    expect(data.map((p) => p.id)).toEqual([String(newer.id), String(older.id)]);
    expect(data[0]!.attributes).toMatchObject({
      title: newer.title,
      'team-size': 2,
      created: '2026-03-01T00:00:00.000Z',
    });
    expect(data[1]!.attributes['team-size']).toBe(0);
    const [stored] = await db().select().from(projects).where(eq(projects.id, older.id));
    expect(stored?.ownerId).toBe(user.id);
  });

  it('counts the account manager the team card shows, once even when also a developer', async () => {
    const { user, headers } = await signedInAs(t.app, db(), 'client');
    const am = await buildUser(db(), { role: 'accountManager' });
    const alone = await buildProject(db(), { ownerId: user.id, createdAt: new Date('2026-01-01T00:00:00Z') });
    const both = await buildProject(db(), { ownerId: user.id, createdAt: new Date('2026-02-01T00:00:00Z') });
    await db()
      .update(projects)
      .set({ accountManagerId: am.id })
      .where(inArray(projects.id, [alone.id, both.id]));
    await db().insert(projectMembers).values({ projectId: both.id, userId: am.id, kind: 'developer' });
    const data = (await call('GET', '/api/project/mine', headers)).json().data as Array<{
      id: string;
      attributes: Record<string, unknown>;
    }>;
    const size = (id: number) => data.find((p) => p.id === String(id))?.attributes['team-size'];
    expect(size(alone.id)).toBe(1);
    expect(size(both.id)).toBe(1);
  });
});

describe('being put on a team (issue 42 §4)', () => {
  const patchTeam = (projectId: number, headers: Headers, relationships: Record<string, unknown>) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/project/${projectId}`,
      headers: { ...headers, 'content-type': 'application/vnd.api+json' },
      payload: { data: { type: 'project', relationships } },
    });
  const ids = (...users: Array<{ id: number }>) => ({
    data: users.map((u) => ({ type: 'user', id: String(u.id) })),
  });
  const toldOf = async (userId: number, projectId: number) =>
    (
      await db()
        .select({ kind: notifications.kind, title: notifications.title, link: notifications.link })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.projectId, projectId)))
    ).filter((n) => n.kind === 'project-team-added');

  it('tells each newcomer once, not who stays, not who saved it', async () => {
    const { user: admin, headers } = await signedInAs(t.app, db(), 'admin');
    const project = await buildProject(db(), { title: 'Atlas' });
    const stays = await buildUser(db(), { role: 'developer' });
    await db().insert(projectMembers).values({ projectId: project.id, userId: stays.id, kind: 'developer' });
    const dev = await buildUser(db(), { role: 'developer' });
    const pm = await buildUser(db(), { role: 'projectManager' });
    const am = await buildUser(db(), { role: 'accountManager' });

    const res = await patchTeam(project.id, headers, {
      developer: ids(stays, dev),
      projectManager: ids(pm),
      accountManager: ids(am),
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const newcomer of [dev, pm, am])
      expect(await toldOf(newcomer.id, project.id)).toEqual([
        {
          kind: 'project-team-added',
          title: 'You were added to the team of "Atlas"',
          link: `/project/daily-updates/${project.id}`,
        },
      ]);
    expect(await toldOf(stays.id, project.id)).toEqual([]);
    expect(await toldOf(admin.id, project.id)).toEqual([]);

    // Saved again unchanged: nobody is told twice.
    await patchTeam(project.id, headers, { developer: ids(stays, dev), accountManager: ids(am) });
    expect(await toldOf(dev.id, project.id)).toHaveLength(1);
    expect(await toldOf(am.id, project.id)).toHaveLength(1);
  });
});
