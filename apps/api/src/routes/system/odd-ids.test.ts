import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFile, buildProject, buildUser, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * An id is digits only: no sign, space, exponent, hex, fraction or leading zero, at most 2,147,483,647.
 * Each odd form of a real record's id must be refused (4xx) and must not reach the record, in a path and
 * in an id filter. The fuzz test (fuzz.test.ts) sends the same forms to every operation with a path id.
 */
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await withSessionAs(t.database.db, 'superAdmin')).headers;
});
afterAll(() => t.close());

/** The odd spellings of an id that JavaScript's Number() and a lenient coercion read as that id. */
export function oddForms(id: number): string[] {
  return [
    ` ${id}`,
    `${id} `,
    `0x${id.toString(16)}`,
    `${id}.0`,
    `${id}e0`,
    `+${id}`,
    `0${id}`,
    `${id}\t`,
    `0b${id.toString(2)}`,
  ];
}

describe('odd id forms', () => {
  it('DELETE /api/user/{odd id} deactivates nobody', async () => {
    const db = t.database.db;
    const victim = await buildUser(db, { role: 'developer' });
    for (const form of oddForms(victim.id)) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/user/${encodeURIComponent(form)}`,
        headers: admin,
      });
      expect(res.statusCode, `DELETE /api/user/${JSON.stringify(form)}: ${res.body}`).toBeGreaterThanOrEqual(
        400,
      );
      expect(res.statusCode).toBeLessThan(500);
    }
    const check = await t.app.inject({ method: 'GET', url: `/api/user/${victim.id}`, headers: admin });
    expect(check.statusCode).toBe(200);
  });

  it('GET /api/user/{odd id} and /api/file/{odd id} resolve to nothing', async () => {
    const db = t.database.db;
    const user = await buildUser(db, { role: 'developer' });
    const project = await buildProject(db);
    const file = await buildFile(db, { projectId: project.id });
    const urls = [
      '/api/user/%201',
      '/api/user/0x3',
      '/api/user/3.0',
      '/api/user/+1',
      '/api/user/01',
      '/api/file/1e3',
      ...oddForms(user.id).map((f) => `/api/user/${encodeURIComponent(f)}`),
      ...oddForms(file.id).map((f) => `/api/file/${encodeURIComponent(f)}`),
      `/api/user/${2 ** 31}`,
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url, headers: admin });
      expect([400, 404, 422], `${url}: ${res.statusCode} ${res.body.slice(0, 120)}`).toContain(
        res.statusCode,
      );
    }
    // The plain spelling still works.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/user/${user.id}`, headers: admin })).statusCode,
    ).toBe(200);
  });

  it('an odd id in an id filter is refused, not read as the id', async () => {
    const db = t.database.db;
    const project = await buildProject(db);
    for (const form of oddForms(project.id)) {
      const q = encodeURIComponent(form);
      for (const url of [
        `/api/sprint/search?filter[0][0]=%3D&filter[0][1]=project.id&filter[0][2]=${q}`,
        `/api/scheduled-call/staff-search?filter[0][0]=%3D&filter[0][1]=project_id&filter[0][2]=${q}`,
        `/api/project/search?filter[0][0]=%3D&filter[0][1]=project.id&filter[0][2]=${q}`,
      ]) {
        const res = await t.app.inject({ method: 'GET', url, headers: admin });
        expect(res.statusCode, `${url}: ${res.body.slice(0, 160)}`).toBe(400);
      }
    }
  });
});
