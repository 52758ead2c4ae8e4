import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../../db/schema/index.ts';
import { createSession } from '../../modules/auth/sessions.ts';
import { buildProject, DEFAULT_PASSWORD, withSessionAs } from '../../test/factories.ts';
import { tokenFromLogs } from '../../test/mail-logs.ts';
import { buildTestApp, firstError, JSON_API, type TestApp } from '../../test/test-app.ts';

/**
 * ASVS 5.0 V6.2.3 / V6.3.7: a user's own new e-mail needs their current password, waits for the new
 * mailbox to confirm it, tells the old address (with the link that undoes it) and ends the account's other
 * sessions, so a stolen session can neither move the account to another mailbox silently nor keep a
 * second foothold (docs/product.md §F4, docs/adr/0018-pending-email-changes.md).
 */
let t: TestApp;
const logs: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({}, { logs });
});
afterAll(() => t.close());

let ip = 0;
const nextIp = () => `10.61.0.${++ip % 250}`;
const POINTER = '/data/attributes/current-password';
const me = (token: string) =>
  t.app.inject({ url: '/api/authorization/check', headers: { authorization: `Bearer ${token}` } });
const emailOf = async (id: number) =>
  (await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]!.email;
const subjectsTo = async (to: string) => {
  await t.app.mailer.settled();
  return (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).map((m) => m.subject);
};

type Save = (
  user: { id: number; name: string; login: string },
  email: string,
  headers: Record<string, string>,
  extra?: Record<string, unknown>,
) => Promise<LightMyRequestResponse>;

/** The client's own details on their project page. */
const saveDetails: Save = (user, email, headers, extra = {}) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/user/${user.id}/details`,
    remoteAddress: nextIp(),
    headers,
    payload: {
      data: { type: 'user', attributes: { name: user.name, email, phone: '+14155550100', ...extra } },
    },
  });
/** An admin's edit-user form on their own row. */
const saveUser: Save = (user, email, headers, extra = {}) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/user/${user.id}`,
    remoteAddress: nextIp(),
    headers,
    payload: {
      data: { type: 'user', attributes: { name: user.name, login: user.login, email, phone: '', ...extra } },
    },
  });

const cases = [
  {
    form: 'PATCH /user/{id}/details (client)',
    save: saveDetails,
    who: async () => {
      const s = await withSessionAs(t.database.db, 'client');
      await buildProject(t.database.db, { ownerId: s.user.id });
      return s;
    },
  },
  {
    form: 'PATCH /user/{id} (admin on self)',
    save: saveUser,
    who: () => withSessionAs(t.database.db, 'admin'),
  },
];

describe.each(cases)('own e-mail change through $form', ({ save, who }) => {
  it('a stolen session without the current password changes nothing, mails nothing, ends nothing', async () => {
    const { user, headers } = await who();
    const other = await createSession(t.database.db, { userId: user.id, remember: true, now: new Date() });
    const next = `thief-${user.id}@evil.example`;
    const res = await save(user, next, headers);
    expect(res.statusCode, res.body).toBe(422);
    expect(firstError(res)?.source?.pointer).toBe(POINTER);
    expect(firstError(res)?.title).toBe('Please enter your current password.');
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await subjectsTo(next)).toEqual([]);
    expect((await me(other.token)).statusCode).toBe(200);
  });

  it('a wrong current password is refused on its field', async () => {
    const { user, headers } = await who();
    const res = await save(user, `guess-${user.id}@evil.example`, headers, {
      'current-password': 'nope-123',
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(firstError(res)?.source?.pointer).toBe(POINTER);
    expect(firstError(res)?.title).toBe('Sorry, password is incorrect');
    expect(await emailOf(user.id)).toBe(user.email);
  });

  it('with the current password: pending until confirmed, the old address told, other sessions ended', async () => {
    const { user, headers } = await who();
    const other = await createSession(t.database.db, { userId: user.id, remember: true, now: new Date() });
    const next = `moved-${user.id}@client.example`;
    const res = await save(user, next, headers, { 'current-password': DEFAULT_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta).toEqual({ 'email-confirmation-sent-to': next });
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await subjectsTo(next)).toEqual(['Confirm your new e-mail address']);
    expect(await subjectsTo(user.email)).toEqual(['Your e-mail address is about to change']);
    // This session stays; the others end.
    expect((await me(headers.authorization!.slice('Bearer '.length))).statusCode).toBe(200);
    expect((await me(other.token)).statusCode).toBe(401);

    const confirm = tokenFromLogs(logs, '/email-change/confirm');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/email-change/confirm',
      headers: { 'content-type': JSON_API },
      payload: { data: { type: 'email-change', attributes: { token: confirm } } },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await emailOf(user.id)).toBe(next);
  });

  it('the same e-mail with other changes needs no password', async () => {
    const { user, headers } = await who();
    const res = await save(user, user.email.toUpperCase(), headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta).toBeUndefined();
  });
});
