// The projects and users lists answer repeated queries from list-cache (docs/adr/0005-admin-list-speed.md):
// every write to what they read must show in the very next answer, whoever made it and however.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers, projectStates, projects, teams, users } from '../../db/schema/index.ts';
import { listVersion } from '../../modules/admin-lists/list-cache.ts';
import { buildProject, buildTeam, buildUser, signedInAs } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

type Doc = {
  data: Array<{ id: string; attributes: Record<string, unknown>; relationships: Record<string, unknown> }>;
  included?: Array<{ type: string; id: string; attributes: Record<string, unknown> }>;
  meta: { 'page-count': number; total: number };
};

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = { authorization: (await signedInAs(t.app, t.database.db, 'admin')).headers.authorization };
});
afterAll(() => t.close());

const get = async (url: string, headers = admin) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  return res.json() as Doc;
};
const like = (field: string, value: string) =>
  `filter[0][0]=like&filter[0][1]=${field}&filter[0][2]=${encodeURIComponent(value)}`;
const projectsLike = (value: string, extra = '') =>
  get(`/api/project/search?include=client,size,state,owner&${like('project.title', value)}${extra}`);
const usersLike = (value: string) =>
  get(`/api/user/search?include=team,ownProject&${like('user.name', value)}`);
const titles = (doc: Doc) => doc.data.map((p) => p.attributes.title);

describe('GET /api/project/search after writes', () => {
  it('follows inserts, renames, deletes and page moves', async () => {
    const db = t.database.db;
    const first = await buildProject(db, {
      title: 'Fresh One',
      createdAt: new Date('2025-01-01T00:00:00Z'),
    });
    expect(titles(await projectsLike('fresh'))).toEqual(['Fresh One']);
    expect(titles(await projectsLike('fresh'))).toEqual(['Fresh One']); // the same answer twice

    await buildProject(db, { title: 'Fresh Two', createdAt: new Date('2025-02-01T00:00:00Z') });
    const two = await projectsLike('fresh', '&page[size]=1');
    expect(titles(two)).toEqual(['Fresh Two']);
    expect(two.meta).toEqual({ 'page-count': 2, total: 2 });

    await db.update(projects).set({ title: 'Stale One' }).where(eq(projects.id, first.id));
    expect((await projectsLike('fresh')).meta.total).toBe(1);
    expect(titles(await projectsLike('stale'))).toEqual(['Stale One']);

    await db.delete(projects).where(eq(projects.id, first.id));
    expect(titles(await projectsLike('stale'))).toEqual([]);
  });

  it('shows a renamed owner, a renamed state and a new client on the next answer', async () => {
    const db = t.database.db;
    const owner = await buildUser(db, { name: 'Olga Before' });
    const other = await buildUser(db, { name: 'Second Client' });
    const project = await buildProject(db, { title: 'Owned Thing', ownerId: owner.id, projectStateId: 1 });
    const before = await projectsLike('owned thing');
    expect(before.data[0]?.attributes['owner-name']).toBe('Olga Before');

    await db.update(users).set({ name: 'Olga After' }).where(eq(users.id, owner.id));
    await db.update(projectStates).set({ title: 'Renamed state' }).where(eq(projectStates.id, 1));
    await db.insert(projectMembers).values({ projectId: project.id, userId: other.id, kind: 'client' });
    const after = await projectsLike('owned thing');
    expect(after.data[0]?.attributes).toMatchObject({
      'owner-name': 'Olga After',
      'state-title': 'Renamed state',
    });
    expect(after.data[0]?.relationships.client).toEqual({
      data: expect.arrayContaining([{ type: 'user', id: String(other.id) }]),
    });
  });

  it('remembers an answer per reader: a readonlyManager never gets the phones an admin got', async () => {
    const db = t.database.db;
    const owner = await buildUser(db, { name: 'Phoebe Phone', phone: '+1 202 555 0147' });
    await buildProject(db, { title: 'Phoned Project', ownerId: owner.id });
    const readonly = await signedInAs(t.app, db, 'readonlyManager');
    const url = `/api/project/search?include=owner&${like('project.title', 'phoned')}`;
    expect((await get(url)).data[0]?.attributes['owner-phone']).toBe('+1 202 555 0147');
    const hidden = await get(url, { authorization: readonly.headers.authorization });
    expect(hidden.data[0]?.attributes['owner-phone']).toBeNull();
    expect(hidden.included?.[0]?.attributes.phone).toBeNull();
  });
});

describe('GET /api/user/search after writes', () => {
  it('follows renames, deactivation, team and project changes', async () => {
    const db = t.database.db;
    const dev = await buildUser(db, { name: 'Quentin Fresh', role: 'developer' });
    expect((await usersLike('quentin')).meta.total).toBe(1);

    const team = await buildTeam(db, { title: 'Fresh Team', memberIds: [dev.id] });
    await buildProject(db, { title: 'Quentin Own', ownerId: dev.id });
    const withTeam = await usersLike('quentin');
    expect(withTeam.data[0]?.relationships.team).toEqual({ data: [{ type: 'team', id: String(team.id) }] });
    expect(withTeam.included?.map((r) => r.attributes.title).sort()).toEqual(['Fresh Team', 'Quentin Own']);

    await db.update(teams).set({ title: 'Renamed Team' }).where(eq(teams.id, team.id));
    expect((await usersLike('quentin')).included?.some((r) => r.attributes.title === 'Renamed Team')).toBe(
      true,
    );

    await db.update(users).set({ isActive: false }).where(eq(users.id, dev.id));
    expect((await usersLike('quentin')).meta).toEqual({ 'page-count': 0, total: 0 });
  });

  it('keeps what it remembered across writes no list reads (a project visit sets users.last_project_id)', async () => {
    const db = t.database.db;
    const user = await buildUser(db, { name: 'Ursula Steady' });
    const project = await buildProject(db, { ownerId: user.id });
    const version = await listVersion(db);
    await db.update(users).set({ lastProjectId: project.id }).where(eq(users.id, user.id));
    expect(await listVersion(db)).toBe(version);
    await db.update(users).set({ name: 'Ursula Renamed' }).where(eq(users.id, user.id));
    expect(await listVersion(db)).toBeGreaterThan(version ?? 0);
    expect((await usersLike('ursula')).data.map((u) => u.attributes.name)).toEqual(['Ursula Renamed']);
  });

  it('answers every page of a long list, read in any order, as its slice of the whole list (read-ahead blocks)', async () => {
    const db = t.database.db;
    const owner = await buildUser(db, { name: 'Readahead Owner' });
    for (let i = 0; i < 40; i++)
      await buildProject(db, {
        title: `Readahead ${String(i).padStart(2, '0')}`,
        ownerId: owner.id,
        createdAt: new Date(Date.UTC(2024, 0, 1 + i)),
      });
    const all = titles(await projectsLike('readahead', '&page[size]=40'));
    expect(all).toHaveLength(40);
    // Pages of 3: pages 1-8 are one block, 9-14 the next; read across blocks and back again.
    for (const page of [9, 1, 14, 8, 2, 13, 15, 1]) {
      const doc = await projectsLike('readahead', `&page[size]=3&page[page]=${page}`);
      expect(titles(doc)).toEqual(all.slice((page - 1) * 3, page * 3));
      expect(doc.meta).toEqual({ 'page-count': 14, total: 40 });
    }
    // A write inside a block already read shows on its other pages too.
    await db.update(projects).set({ title: 'Readahead renamed' }).where(eq(projects.title, 'Readahead 38'));
    expect(titles(await projectsLike('readahead', '&page[size]=3&page[page]=1'))).toContain(
      'Readahead renamed',
    );
  });
});
