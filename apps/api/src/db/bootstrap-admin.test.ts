// Issue 12 §2: a later start does not ignore ADMIN_EMAIL without a word.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { bootstrapAdmin } from './bootstrap-admin.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(); // its first start created root@example.com from ADMIN_EMAIL
});
afterAll(() => t.close());

describe('bootstrapAdmin on a database that has its superAdmin', () => {
  it('says that another ADMIN_EMAIL is ignored, and creates nobody', async () => {
    const lines: string[] = [];
    await bootstrapAdmin(t.database.db, {
      email: 'Boss@Example.com',
      password: 'x-pass-123',
      log: (l) => lines.push(l),
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^ADMIN_EMAIL=boss@example\.com is ignored: this database already has a superAdmin/,
    );
  });

  it('stays silent when ADMIN_EMAIL is the existing admin, or unset', async () => {
    const lines: string[] = [];
    await bootstrapAdmin(t.database.db, {
      email: 'ROOT@example.com',
      password: null,
      log: (l) => lines.push(l),
    });
    await bootstrapAdmin(t.database.db, { email: null, password: null, log: (l) => lines.push(l) });
    expect(lines).toEqual([]);
  });
});
