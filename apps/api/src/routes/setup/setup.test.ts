import { DEFAULT_ACCOUNT_MANAGER_SETTING } from '@dd/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings, workHours } from '../../db/schema/index.ts';
import { buildUser, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ smtpUrl: null, publicUrl: 'http://localhost:3000' });
});
afterAll(() => t.close());

const checklist = async (headers: Record<string, string>) => {
  const res = await t.app.inject({ url: '/api/setup/checklist', headers });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(
    (res.json().data.attributes.items as Array<{ item: string; done: boolean }>).map((i) => [i.item, i.done]),
  );
};

describe('GET /api/setup/checklist', () => {
  it('a new install has everything to do; each item is done once set', async () => {
    const admin = await withSessionAs(t.database.db, 'admin');
    expect(await checklist(admin.headers)).toEqual({
      'default-account-manager': false,
      'work-hours': false,
      smtp: false,
      'public-url': false,
      'mail-sender': false,
    });
    const manager = await buildUser(t.database.db, { role: 'accountManager' });
    await t.database.db
      .insert(settings)
      .values({ name: DEFAULT_ACCOUNT_MANAGER_SETTING, value: String(manager.id) })
      .onConflictDoUpdate({ target: settings.name, set: { value: String(manager.id) } });
    await t.database.db.insert(workHours).values({ weekday: 6, start: '10:00', end: '12:00' });
    expect(await checklist(admin.headers)).toMatchObject({
      'default-account-manager': true,
      'work-hours': true,
    });
  });

  it('names a sender whose domain cannot receive mail, and what to set', async () => {
    const senderItem = async (app: TestApp) => {
      // Each app has its own database: an admin signs in on each.
      const { headers } = await withSessionAs(app.database.db, 'admin');
      const res = await app.app.inject({ url: '/api/setup/checklist', headers });
      const items = res.json().data.attributes.items as Array<{ item: string }>;
      return items.find((i) => i.item === 'mail-sender');
    };
    expect(await senderItem(t)).toEqual({ item: 'mail-sender', done: false, detail: 'no-reply@localhost' });
    const onIp = await buildTestApp({ publicUrl: 'http://203.0.113.7:3000' });
    const own = await buildTestApp({
      publicUrl: 'http://203.0.113.7:3000',
      mailFrom: 'Agency <hi@agency.example>',
    });
    try {
      expect(await senderItem(onIp)).toEqual({
        item: 'mail-sender',
        done: false,
        detail: 'no-reply@203.0.113.7',
      });
      expect(await senderItem(own)).toEqual({ item: 'mail-sender', done: true, detail: 'hi@agency.example' });
    } finally {
      await onIp.close();
      await own.close();
    }
  });

  it('is for admins only', async () => {
    const manager = await withSessionAs(t.database.db, 'accountManager');
    expect((await t.app.inject({ url: '/api/setup/checklist', headers: manager.headers })).statusCode).toBe(
      403,
    );
  });
});
