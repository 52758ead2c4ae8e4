// The suffix tables of migration 0023 (docs/adr/0030-suffix-search-for-list-pages.md) answer an uncached
// title / name search: they must find exactly the rows `ilike '%term%'` finds (the cached path still
// reads the trigram index), with the same total, for awkward terms and after every kind of write.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, users } from '../../db/schema/index.ts';
import { buildProject, buildUser, signedInAs } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: Record<string, string> = {};

const TITLES = [
  'Harbor harbor Harbor', // the term three times: counted once
  'Beta 50% off_sale',
  'Ärger Straße ÄRGER',
  'harbo', // a prefix of the term, not the term
  'Dock app',
  'ab ab ab ab',
  'Quay  double  space',
];

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  admin = { authorization: (await signedInAs(t.app, db, 'admin')).headers.authorization };
  for (const [i, title] of TITLES.entries())
    await buildProject(db, { title, createdAt: new Date(Date.UTC(2025, 1, 1 + (i % 3))) });
  for (const name of ['Ana Silva', 'Silvana Silva', 'bo SILVA-silva', 'Zoë Çelik', 'Ed 50%_x'])
    await buildUser(db, { name });
  await buildUser(db, { name: 'Gone Silva', isActive: false });
});
afterAll(() => t.close());

const like = (field: string, value: string) =>
  `filter[0][0]=like&filter[0][1]=${field}&filter[0][2]=${encodeURIComponent(value)}`;

/** Both paths' answers to one request, cache on first. */
async function bothWays(url: string) {
  const answers = [];
  for (const listCache of [true, false]) {
    t.config.listCache = listCache;
    const res = await t.app.inject({ method: 'GET', url, headers: admin });
    answers.push({ status: res.statusCode, body: res.body });
  }
  t.config.listCache = true;
  return answers;
}

async function expectSameAnswers(list: 'project' | 'user', field: string, terms: string[], sorts: string[]) {
  for (const term of terms)
    for (const sort of sorts)
      for (const page of [1, 2, 3]) {
        const [cached, uncached] = await bothWays(
          `/api/${list}/search?${like(field, term)}&sort=${sort}&page[size]=2&page[page]=${page}`,
        );
        expect(cached!.status).toBe(200);
        expect(uncached, `${list} '${term}' ${sort} page ${page}`).toEqual(cached);
      }
}

const total = async (list: 'project' | 'user', field: string, term: string) => {
  t.config.listCache = false;
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/${list}/search?${like(field, term)}&page[size]=2`,
    headers: admin,
  });
  t.config.listCache = true;
  return (JSON.parse(res.body) as { meta: { total: number } }).meta.total;
};

const PROJECT_TERMS = [
  'harbor',
  'HARBOR',
  'r h',
  'harbor harbor',
  '50%',
  'f_s',
  '%',
  '_',
  'äRGER',
  'straße',
  'b ab',
  '  ',
  'o',
  'nothing',
];
const USER_TERMS = ['silva', 'SILVA', 'a s', '-s', 'zoë', 'ÇEL', '%_', 'gone', 'a'];

describe('uncached title and name searches (suffix tables)', () => {
  it('find the rows and totals ilike finds, for awkward terms and every sort they serve', async () => {
    await expectSameAnswers('project', 'project.title', PROJECT_TERMS, ['-created', 'created', 'id', '-id']);
    await expectSameAnswers('user', 'user.name', USER_TERMS, ['name', '-name', 'id', '-id']);
    expect(await total('project', 'project.title', 'harbor')).toBe(1); // 'Harbor harbor Harbor' once, not 'harbo'
    expect(await total('user', 'user.name', 'silva')).toBe(3); // not the deactivated one
  });

  it('follow renames, deactivations and deletions', async () => {
    const db = t.database.db;
    await db.update(projects).set({ title: 'Renamed pier' }).where(eq(projects.title, 'Dock app'));
    await db
      .update(projects)
      .set({ createdAt: new Date(Date.UTC(2020, 0, 1)) })
      .where(eq(projects.title, 'harbo'));
    await db.delete(projects).where(eq(projects.title, 'ab ab ab ab'));
    await db.update(users).set({ isActive: false }).where(eq(users.name, 'Ana Silva'));
    await db.update(users).set({ isActive: true }).where(eq(users.name, 'Gone Silva'));
    await db.update(users).set({ name: 'Silvio Neto' }).where(eq(users.name, 'Silvana Silva'));
    const late = await buildProject(db, { title: 'Late harbor' });
    await expectSameAnswers(
      'project',
      'project.title',
      ['dock', 'pier', 'harbo', 'ab', 'late'],
      ['-created', 'id'],
    );
    await expectSameAnswers('user', 'user.name', ['silva', 'silvio', 'ana', 'gone'], ['name', '-id']);
    expect(await total('project', 'project.title', 'dock')).toBe(0);
    expect(await total('project', 'project.title', 'harbor')).toBe(2);
    expect(await total('user', 'user.name', 'silva')).toBe(2); // 'bo SILVA-silva' and 'Gone Silva'
    // No row is left behind for a project or user that no longer matches.
    const stale = (await db.execute(sql`
      select (select count(*) from project_title_suffixes s where not exists (select 1 from projects p where p.id = s.project_id)) as projects,
             (select count(*) from user_name_suffixes s where not exists (select 1 from users u where u.id = s.user_id and u.is_active)) as users`)) as unknown as {
      rows: unknown[];
    };
    expect(stale.rows[0]).toEqual({ projects: '0', users: '0' });
    await db.delete(projects).where(eq(projects.id, late.id));
  });
});
