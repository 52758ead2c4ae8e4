import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildCompany, buildProject, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, JSON_API, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 11 finding 4, written as the attacks that crashed the app: ids above 2,147,483,647, unknown
 * lookup ids, and NUL bytes. Each must be a 4xx with a clear errors[], and none may be logged as unhandled.
 */
let t: TestApp;
let admin: Record<string, string>;
let projectId: number;
let ownerId: number;
const logged: string[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  vi.spyOn(t.app.log, 'error').mockImplementation((...args: unknown[]) => {
    logged.push(JSON.stringify(args, (_k, v) => (v instanceof Error ? v.message : v)));
  });
  ({ headers: admin } = await withSessionAs(t.database.db, 'admin'));
  const project = await buildProject(t.database.db);
  projectId = project.id;
  ownerId = project.ownerId!;
});
afterAll(() => {
  expect(logged.filter((l) => /unhandled/.test(l))).toEqual([]);
  return t.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...admin, 'content-type': JSON_API },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
const errorsOf = (res: { json: () => unknown }) =>
  (res.json() as { errors: Array<{ status: string; title: string; source?: Record<string, string> }> })
    .errors;

describe('ids above PostgreSQL integer', () => {
  it.each([
    ['GET', '/api/file/9007199254740990'],
    ['PATCH', '/api/project/2147483648/tour-state'],
    ['GET', '/api/project/2147483648'],
    ['GET', '/api/image/2147483648'],
  ] as const)('%s %s is a 400 naming the id', async (method, url) => {
    const res = await call(
      method,
      url,
      method === 'PATCH' ? { data: { attributes: { step: 1 } } } : undefined,
    );
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)[0]).toEqual({
      status: '400',
      code: 'bad_request',
      title: 'Invalid id',
      source: { parameter: 'id' },
    });
  });

  it.each([
    ['/api/sprint/create', 'sprint', { project_id: 2 ** 31 }, '/data/attributes/project_id'],
    ['/api/tag/create', 'tag', { title: 'Bug', project_id: 2 ** 31 }, '/data/attributes/project_id'],
    [
      '/api/project-update/post',
      'project-update',
      { project_id: 2 ** 31, description: 'Done today' },
      '/data/attributes/project_id',
    ],
    [
      '/api/scheduled-call/create',
      'scheduled-call',
      { project_id: 2 ** 31, scheduled: '2031-01-06 10:00:00' },
      '/data/attributes/project_id',
    ],
    [
      '/api/task-comment/create',
      'task-comment',
      { body: 'Hello', task_id: 2 ** 31 },
      '/data/attributes/task_id',
    ],
  ])('POST %s with an id of 2^31 is a 422 pointing at it', async (url, type, attributes, pointer) => {
    const res = await call('POST', url, { data: { type, attributes } });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toContainEqual({
      status: '422',
      code: 'unprocessable',
      title: 'Invalid id',
      source: { pointer },
    });
  });
});

describe('unknown lookup ids', () => {
  it('project-size-id 999 in a project PATCH is a 422 pointing at it', async () => {
    const res = await call('PATCH', `/api/project/${projectId}`, {
      data: { type: 'project', attributes: { title: 'Shop', 'project-size-id': 999 } },
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual([
      {
        status: '422',
        code: 'unprocessable',
        title: 'Unknown choice',
        source: { pointer: '/data/attributes/project-size-id' },
      },
    ]);
  });

  it('company-size-id 999 in a company PATCH is a 422 pointing at it', async () => {
    const row = await buildCompany(t.database.db);
    const res = await call('PATCH', `/api/company/${row.id}`, {
      data: { type: 'company', attributes: { title: 'Acme', 'company-size-id': 999 } },
    });
    // An admin may edit any company; the unknown size is named.
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual([
      {
        status: '422',
        code: 'unprocessable',
        title: 'Unknown choice',
        source: { pointer: '/data/attributes/company-size-id' },
      },
    ]);
  });
});

describe('NUL bytes', () => {
  const nul = 'Ada\u0000Lovelace';
  const title = 'Text may not contain the NUL character (\\u0000)';

  it('in a register-client name: 422 pointing at it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/register-client',
      headers: { 'content-type': JSON_API },
      payload: JSON.stringify({ data: { type: 'user', attributes: { user: { name: nul } } } }),
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)).toEqual([
      { status: '422', code: 'unprocessable', title, source: { pointer: '/data/attributes/user/name' } },
    ]);
  });

  it.each([
    ['title', { title: nul }],
    ['description', { title: 'Shop', description: nul }],
  ])('in a project %s: 422', async (name, attributes) => {
    const res = await call('PATCH', `/api/project/${projectId}`, { data: { type: 'project', attributes } });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)[0]).toEqual({
      status: '422',
      code: 'unprocessable',
      title,
      source: { pointer: `/data/attributes/${name}` },
    });
  });

  it('in an owner timezone: 422', async () => {
    const res = await call('PATCH', `/api/user/${ownerId}/details`, {
      data: {
        type: 'user',
        attributes: { name: 'Owner', email: 'owner.nul@example.com', phone: '+14155550100', timezone: nul },
      },
    });
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)[0]?.source).toEqual({ pointer: '/data/attributes/timezone' });
  });

  it('in a query parameter: 400 naming it', async () => {
    const res = await call(
      'GET',
      '/api/project/search?filter[0][0]=title&filter[0][1]=like&filter[0][2]=a%00b',
    );
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)[0]).toEqual({
      status: '400',
      code: 'bad_request',
      title,
      source: { parameter: 'filter[0][2]' },
    });
  });
});
