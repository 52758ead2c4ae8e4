import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.ts';
import { signedInAs, signIn } from '../../test/factories.ts';
import { tokenFromLogs } from '../../test/mail-logs.ts';
import { buildTestApp, JSON_API, type TestApp } from '../../test/test-app.ts';

/**
 * A user an admin creates is welcomed (issue 42 §4): one mail naming their login, with a week-long link
 * to choose their own password; the password the admin typed is not in it.
 */
let t: TestApp;
let clock = new Date('2026-03-01T10:00:00Z');
/** Runs `check` with the app's clock `days` ahead, then puts the clock back. */
async function daysLater(days: number, check: () => Promise<void>) {
  const start = clock;
  clock = new Date(start.getTime() + days * 24 * 3600 * 1000);
  try {
    await check();
  } finally {
    clock = start;
  }
}
const logs: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({ now: () => clock, publicUrl: 'http://dd.test', logLevel: 'warn' }, { logs });
});
afterAll(() => t.close());

const ADMIN_TYPED = 'typed-by-admin-1';

async function created(email: string) {
  const { headers } = await signedInAs(t.app, t.database.db, 'admin');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/create',
    headers: { ...headers, 'content-type': JSON_API },
    payload: {
      data: {
        type: 'user',
        attributes: { name: 'Nina New', email, password: ADMIN_TYPED, phone: '', role: 'developer' },
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.app.mailer.settled();
  return Number(res.json().data.id);
}

const setPassword = (id: number, attributes: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/user/${id}`,
    headers: { 'content-type': JSON_API },
    payload: { data: { type: 'user', id: String(id), attributes } },
  });

describe('the welcome of a created user', () => {
  it('mails the login and a link to choose a password, never the password the admin typed', async () => {
    await created('nina@example.com');
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nina@example.com'));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('Your Delivery Desk account');
    expect(mail!.text).toContain('You sign in as nina@example.com at http://dd.test/login/signin');
    expect(mail!.text).toContain('Choose your password');
    expect(`${mail!.text}${mail!.html}`).not.toContain(ADMIN_TYPED);
  });

  it('its link sets the password once, and still works after six days', async () => {
    const id = await created('omar@example.com');
    const token = tokenFromLogs(logs, '/login/change-password');
    await daysLater(6, async () => {
      expect((await setPassword(id, { password: 'my-own-pass-1', token })).statusCode).toBe(200);
      expect((await signIn(t.app, 'omar@example.com', 'my-own-pass-1')).token).toBeTruthy();
      expect((await setPassword(id, { password: 'again-pass-1', token })).statusCode).toBe(422);
    });
  });

  it('its link has expired after eight days', async () => {
    const id = await created('pia@example.com');
    const token = tokenFromLogs(logs, '/login/change-password');
    await daysLater(8, async () => {
      expect((await setPassword(id, { password: 'my-own-pass-1', token })).statusCode).toBe(422);
    });
  });
});
