import { ERROR_CODE_STATUS, ERROR_CODES } from '@dd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSessionAs } from '../../test/factories.ts';
import { buildTestApp, JSON_API, type TestApp } from '../../test/test-app.ts';
import { STORAGE_FULL_TITLE, storageFull } from './errors.ts';

/**
 * Every JSON:API error object carries a stable code of the domain's list (packages/domain/src/error-codes.ts),
 * matching its status: the web decides on codes, never on titles, whichever path produced the failure.
 */
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  ({ headers: admin } = await withSessionAs(t.database.db, 'admin'));
});
afterAll(() => t.close());

type ErrorObject = { status: string; code: string; title: string };
const errorsOf = (res: { json: () => unknown }) => (res.json() as { errors: ErrorObject[] }).errors;

const FORGOT = '/api/authorization/forgot';

describe('error codes', () => {
  it.each([
    ['an unknown route', 'GET', '/api/no-such-route', false, undefined, 'not_found'],
    ['no session', 'GET', '/api/project/mine', false, undefined, 'unauthorized'],
    ['a bad path parameter', 'GET', '/api/project/abc', true, undefined, 'bad_request'],
    [
      'a body the schema refuses',
      'POST',
      FORGOT,
      false,
      JSON.stringify({ data: { attributes: {} } }),
      'unprocessable',
    ],
    ['malformed JSON', 'POST', FORGOT, false, '{"data":', 'bad_request'],
  ] as const)('%s', async (_name, method, url, signedIn, payload, code) => {
    const res = await t.app.inject({
      method,
      url,
      remoteAddress: '10.77.0.1',
      headers: { ...(signedIn ? admin : {}), 'content-type': JSON_API },
      ...(payload === undefined ? {} : { payload }),
    });
    const errors = errorsOf(res);
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) {
      expect(ERROR_CODES).toContain(error.code);
      expect(error.status).toBe(String(res.statusCode));
    }
    expect(errors[0]!.code).toBe(code);
  });

  it("names a screen's failure finely and keeps its status: an unknown address for a reset", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: FORGOT,
      remoteAddress: '10.77.0.2',
      headers: { 'content-type': JSON_API },
      payload: JSON.stringify({ data: { type: 'user', attributes: { email: 'nobody@example.com' } } }),
    });
    expect(errorsOf(res)[0]).toMatchObject({ code: 'email_not_found', status: '422' });
    expect(res.statusCode).toBe(ERROR_CODE_STATUS.email_not_found);
  });
});

describe('a full disk', () => {
  it("is found on PostgreSQL's disk_full (53100) or Node's ENOSPC, however deep Drizzle wraps it", () => {
    const pgError = Object.assign(
      new Error('could not extend file "base/5/16384": No space left on device'),
      {
        code: '53100',
      },
    );
    expect(storageFull(new Error('Failed query', { cause: pgError }))).toMatchObject({ code: '53100' });
    expect(storageFull(Object.assign(new Error('write'), { code: 'ENOSPC' }))).toMatchObject({
      code: 'ENOSPC',
    });
    expect(storageFull(Object.assign(new Error('dup'), { code: '23505' }))).toBeNull();
    expect(STORAGE_FULL_TITLE).toMatch(/no storage space/);
  });
});
