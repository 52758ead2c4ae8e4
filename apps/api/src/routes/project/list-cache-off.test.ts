// With LIST_CACHE=off the projects and users lists read one page and its total in one statement
// (docs/adr/0014-uncached-list-pages.md) instead of the cached ordered ids and read-ahead blocks. Both
// paths must answer byte for byte the same document for every filter, sort, page, include and reader.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectMembers } from '../../db/schema/index.ts';
import { parseListQuery } from '../../lib/jsonapi/query.ts';
import { listVersion } from '../../modules/admin-lists/list-cache.ts';
import { PROJECT_LIST_RULES, searchProjects } from '../../modules/admin-lists/project-search.ts';
import { buildProject, buildTeam, buildUser, signedInAs } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const readers: Record<string, Record<string, string>> = {};
let clientId = 0;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  for (const role of ['admin', 'readonlyManager', 'accountManager'] as const)
    readers[role] = { authorization: (await signedInAs(t.app, db, role)).headers.authorization };
  const words = ['Harbor', 'Falcon', 'Meadow'];
  const owners = [];
  for (let i = 0; i < 9; i++)
    owners.push(
      await buildUser(db, {
        name: `${['Ana', 'Bo', 'Cy'][i % 3]} ${words[i % 3]}son`,
        phone: i % 4 === 0 ? null : `+1 555 01${i}`,
        createdAt: new Date(Date.UTC(2025, 0, 1 + (i % 4))),
      }),
    );
  const developers = [];
  for (let i = 0; i < 4; i++)
    developers.push(await buildUser(db, { name: `Dev ${words[i % 3]}`, role: 'developer' }));
  await buildTeam(db, { title: 'Harbor crew', memberIds: [developers[0]!.id, developers[1]!.id] });
  await buildTeam(db, { title: 'Falcon crew', memberIds: [developers[1]!.id, developers[2]!.id] });
  await buildUser(db, { name: 'Gone Harborson', isActive: false });
  for (let i = 0; i < 23; i++) {
    const project = await buildProject(db, {
      title: `${words[i % 3]} ${['portal', 'app'][i % 2]} ${i % 5}`,
      ownerId: owners[i % owners.length]!.id,
      projectStateId: 1 + (i % 3),
      projectSizeId: 1 + (i % 2),
      // Ties on purpose: the id breaks them, the same way on both paths.
      createdAt: new Date(Date.UTC(2025, 1, 1 + (i % 7))),
    });
    if (i % 4 === 0)
      await db
        .insert(projectMembers)
        .values({ projectId: project.id, userId: owners[(i + 1) % owners.length]!.id, kind: 'client' });
  }
  clientId = owners[0]!.id;
  readers.client = {
    authorization: (await signedInAs(t.app, db, 'client', { name: 'Scoped Client' })).headers.authorization,
  };
  await buildProject(db, { title: 'Harbor of the scoped client', ownerId: clientId });
});
afterAll(() => t.close());

const f = (i: number, op: string, field: string, value: string) =>
  `filter[${i}][0]=${encodeURIComponent(op)}&filter[${i}][1]=${field}&filter[${i}][2]=${encodeURIComponent(value)}`;

/** The answer of both paths to one request: status and body, cache on first. */
async function bothWays(url: string, headers: Record<string, string>) {
  const answers = [];
  for (const listCache of [true, false]) {
    t.config.listCache = listCache;
    const res = await t.app.inject({ method: 'GET', url, headers });
    answers.push({ status: res.statusCode, body: res.body });
  }
  t.config.listCache = true;
  return answers;
}

/** Every page of a query (and one past the end), each compared between the two paths. */
async function expectSamePages(list: string, query: string, headers: Record<string, string>, size = 4) {
  const [first] = await bothWays(`/api/${list}/search?${query}&page[size]=${size}`, headers);
  expect(first!.status).toBe(200);
  const pages = (JSON.parse(first!.body) as { meta: { 'page-count': number } }).meta['page-count'];
  for (let page = 1; page <= pages + 1; page++) {
    const [cached, uncached] = await bothWays(
      `/api/${list}/search?${query}&page[size]=${size}&page[page]=${page}`,
      headers,
    );
    expect(uncached, `${list} ${query} page ${page}`).toEqual(cached);
  }
  return pages;
}

describe('GET /api/project/search with the list cache off', () => {
  const queries = [
    'include=client,size,state,owner',
    `include=client,size,state,owner&${f(0, 'like', 'project.title', 'harbor')}&sort=-created`,
    `${f(0, 'like', 'project.title', 'APP')}&sort=title`,
    `include=owner&${f(0, 'like', 'client.name', 'falcon')}&sort=-owner.name`,
    `${f(0, 'like', 'client.phone', '555')}&sort=owner.phone`,
    `${f(0, '=', 'state.id', '2')}&${f(1, '=', 'size.id', '1')}&sort=-state.id`,
    `${f(0, '>=', 'project.created', '2025-02-04')}&sort=created`,
    `${f(0, 'like', 'project.title', 'nothing matches this')}`,
    'sort=size.id,-created',
    'sort=-id',
  ];
  it('answers every page of every filter and sort exactly as the cached path does', async () => {
    for (const query of queries) await expectSamePages('project', query, readers.admin!);
    // A query that spans pages, so the comparison above covered more than page 1.
    expect(await expectSamePages('project', 'sort=-created', readers.admin!)).toBeGreaterThan(5);
  });

  it('keeps each reader to their own scope and contacts', async () => {
    const query = `include=client,owner&${f(0, 'like', 'project.title', 'harbor')}`;
    for (const role of ['readonlyManager', 'accountManager', 'client']) {
      const [cached, uncached] = await bothWays(`/api/project/search?${query}`, readers[role]!);
      expect(uncached, role).toEqual(cached);
      expect(uncached!.status, role).toBe(role === 'client' ? 403 : 200);
    }
    // The route lists for staff only; the module's client scope (own and joined projects) still agrees.
    const db = t.database.db;
    const scope = { kind: 'client', userId: clientId } as const;
    const list = parseListQuery({ include: 'client,owner', sort: 'title' }, PROJECT_LIST_RULES, {
      id: clientId,
      role: 'client',
    });
    const cached = await searchProjects(db, list, scope, {
      hideContacts: false,
      version: await listVersion(db),
    });
    const uncached = await searchProjects(db, list, scope, { hideContacts: false, version: null });
    expect(uncached).toEqual(cached);
    const titles = (JSON.parse(uncached) as { data: Array<{ attributes: { title: string } }> }).data.map(
      (p) => p.attributes.title,
    );
    expect(titles).toContain('Harbor of the scoped client');
    expect(titles.length).toBeLessThan(10); // not everyone's
  });

  it('refuses a bad filter the same way', async () => {
    const [cached, uncached] = await bothWays(
      `/api/project/search?${f(0, '=', 'project.id', 'x')}`,
      readers.admin!,
    );
    expect(uncached!.status).toBe(400);
    expect(uncached).toEqual(cached);
  });
});

describe('GET /api/user/search with the list cache off', () => {
  const queries = [
    'include=role,team,ownProject',
    `include=role,team,ownProject&${f(0, 'like', 'user.name', 'harbor')}&sort=name`,
    `${f(0, 'like', 'user.email', 'example')}&sort=-email`,
    `${f(0, 'like', 'user.phone', '555')}&sort=phone`,
    `include=team&${f(0, 'like', 'team.title', 'crew')}&sort=-name`,
    `include=ownProject&${f(0, 'like', 'ownProject.title', 'falcon')}&sort=created`,
    `${f(0, '=', 'role.item_name', 'developer')}&sort=role.id`,
    'sort=-role.id,name',
    `${f(0, '<=', 'user.created', '2025-01-02')}&sort=-created`,
    `${f(0, 'like', 'user.name', 'nobody at all')}`,
  ];
  it('answers every page of every filter and sort exactly as the cached path does', async () => {
    for (const query of queries) await expectSamePages('user', query, readers.admin!);
    expect(await expectSamePages('user', 'sort=-id', readers.admin!, 3)).toBeGreaterThan(5);
  });
});
