import { PHONE_PREFIX_BLACKLIST_SETTING } from '@dd/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, scheduledCalls, settings } from '../../db/schema/index.ts';
import { CALL_ACTION_LINK_ERRORS, callActionToken } from '../../modules/scheduled-calls/call-action-link.ts';
import { CALL_CHANGE_ERRORS } from '../../modules/scheduled-calls/call-changes.ts';
import { buildProject, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, firstError, JSON_API, type TestApp } from '../../test/test-app.ts';

// Monday 23 November 2026, 07:00 in Los Angeles; the clock moves in the expiry test.
const START = new Date('2026-11-23T15:00:00Z');
let clock = START;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  await t.database.db
    .update(settings)
    .set({ value: '92' })
    .where(eq(settings.name, PHONE_PREFIX_BLACKLIST_SETTING));
});
afterAll(() => t.close());

// Weekdays of the coming weeks (the seeded hours are Monday to Friday), one call each.
const DAYS = [
  '11-24',
  '11-25',
  '11-26',
  '11-27',
  '11-30',
  '12-01',
  '12-02',
  '12-03',
  '12-04',
  '12-07',
  '12-08',
];
let booked = 0;
/** A client with a blacklisted phone books: the call waits for approval and the manager is told. */
async function pendingCall() {
  const { db } = t.database;
  const manager = await withSessionAs(db, 'accountManager');
  const client = await withSessionAs(db, 'client', {
    phone: '+92 300 1234567',
    timezone: 'America/Los_Angeles',
  });
  const project = await buildProject(db, { ownerId: client.user.id, accountManagerId: manager.user.id });
  const scheduled = `2026-${DAYS[booked++]} 10:00:00`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/scheduled-call/create',
    headers: client.headers,
    payload: { data: { type: 'scheduled-call', attributes: { project_id: project.id, scheduled } } },
  });
  expect(res.statusCode).toBe(403);
  const [call] = await db.select().from(scheduledCalls).where(eq(scheduledCalls.projectId, project.id));
  expect(call!.status).toBe('pending_approval');
  return { call: call!, manager, client, project };
}

const open = (headers: Record<string, string> | undefined, token: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/scheduled-call/signed-action?token=${encodeURIComponent(token)}`,
    ...(headers ? { headers } : {}),
  });
const confirm = (headers: Record<string, string> | undefined, token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/scheduled-call/signed-action',
    headers: headers ?? { 'content-type': JSON_API },
    payload: { data: { type: 'call-action', attributes: { token } } },
  });
const statusOf = async (id: number) =>
  (await t.database.db.select().from(scheduledCalls).where(eq(scheduledCalls.id, id)))[0]!.status;
const tokenOf = (callId: number, action: 'approve' | 'decline') =>
  callActionToken(t.app.appSecret, callId, action, clock);

describe('signed Approve and Decline links (docs/product.md §F1)', () => {
  it("are on the manager's bell entry; opening one shows the call and changes nothing; confirming approves and mails the client", async () => {
    const { call, manager, client, project } = await pendingCall();
    const bell = await t.app.inject({
      method: 'GET',
      url: '/api/notification/search',
      headers: manager.headers,
    });
    const entry = (
      bell.json() as {
        data: Array<{ attributes: { kind: string; actions?: Array<{ label: string; link: string }> } }>;
      }
    ).data.find((n) => n.attributes.kind === 'call-awaiting-approval');
    expect(entry?.attributes.actions?.map((a) => a.label)).toEqual(['Approve', 'Decline']);
    const approveLink = entry!.attributes.actions![0]!.link;
    expect(approveLink).toMatch(/^\/call-action\?token=/);
    const token = decodeURIComponent(approveLink.split('token=')[1]!);

    const shown = await open(manager.headers, token);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data.attributes).toMatchObject({
      action: 'approve',
      call: { project_id: project.id, status: 'pending_approval', client_name: client.user.name },
    });
    // A mail scanner's GET approves nothing.
    expect(await statusOf(call.id)).toBe('pending_approval');

    const done = await confirm(manager.headers, token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.attributes.status).toBe('booked');
    expect(await statusOf(call.id)).toBe('booked');
    await t.app.mailer.settled();
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, client.user.email));
    expect(mails.map((m) => m.subject)).toContainEqual(expect.stringMatching(/confirmed/i));

    // The bell no longer offers Approve/Decline on a call that was approved (issue 44 §5, as the batch).
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/notification/search',
      headers: manager.headers,
    });
    const decided = (
      after.json() as { data: Array<{ attributes: { kind: string; actions?: unknown[] } }> }
    ).data.find((n) => n.attributes.kind === 'call-awaiting-approval');
    expect(decided, 'the entry stays in the bell').toBeDefined();
    expect(decided!.attributes.actions).toBeUndefined();

    // The same link again: the call no longer waits, by the Calls screen's own rule.
    const again = await confirm(manager.headers, token);
    expect(again.statusCode, again.body).toBe(409);
    expect(firstError(again)?.title).toBe(CALL_CHANGE_ERRORS.notPending);
  });

  it('declines by its Decline link', async () => {
    const { call, manager } = await pendingCall();
    const res = await confirm(manager.headers, tokenOf(call.id, 'decline'));
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(call.id)).toBe('cancelled');
  });

  it('ask a visitor to sign in (401) and act for no one', async () => {
    const { call } = await pendingCall();
    const token = tokenOf(call.id, 'approve');
    expect((await open(undefined, token)).statusCode).toBe(401);
    expect((await confirm(undefined, token)).statusCode).toBe(401);
    expect(await statusOf(call.id)).toBe('pending_approval');
  });

  it.each(['client', 'readonlyManager', 'developer'] as const)(
    'refuse a %s holding a valid link (403), and the call still waits',
    async (role) => {
      const { call, client } = await pendingCall();
      const token = tokenOf(call.id, 'approve');
      // The call's own client too, not only a stranger of that role.
      const who = role === 'client' ? client : await withSessionAs(t.database.db, role);
      expect((await open(who.headers, token)).statusCode).toBe(403);
      expect((await confirm(who.headers, token)).statusCode).toBe(403);
      expect(await statusOf(call.id)).toBe('pending_approval');
    },
  );

  it('refuse a forged signature, another call id, another action and garbage with a clear 400', async () => {
    const { call, manager } = await pendingCall();
    const other = await pendingCall();
    const good = tokenOf(call.id, 'decline');
    const [id, action, expires, mac] = good.split('.') as [string, string, string, string];
    const forged = `${id}.${action}.${expires}.${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherCall = `${other.call.id}.${action}.${expires}.${mac}`;
    const otherAction = `${id}.approve.${expires}.${mac}`;
    const longer = `${id}.${action}.${Number(expires) + 86_400}.${mac}`;
    const signedElsewhere = callActionToken('another-secret', call.id, 'decline', clock);
    for (const token of [forged, otherCall, otherAction, longer, signedElsewhere, 'nonsense']) {
      for (const res of [await open(manager.headers, token), await confirm(manager.headers, token)]) {
        expect(res.statusCode, token).toBe(400);
        expect(firstError(res)?.title).toBe(CALL_ACTION_LINK_ERRORS.invalid);
      }
    }
    expect(await statusOf(call.id)).toBe('pending_approval');
    expect(await statusOf(other.call.id)).toBe('pending_approval');
  });

  it('refuse an expired link with its own message', async () => {
    const { call, manager } = await pendingCall();
    const token = tokenOf(call.id, 'approve');
    clock = new Date(START.getTime() + 8 * 86_400_000);
    try {
      const res = await confirm(manager.headers, token);
      expect(res.statusCode).toBe(400);
      expect(firstError(res)?.title).toBe(CALL_ACTION_LINK_ERRORS.expired);
      expect(await statusOf(call.id)).toBe('pending_approval');
    } finally {
      clock = START;
    }
  });

  it('put the links in the staff mail, as buttons', async () => {
    const { manager } = await pendingCall();
    const { sendNotificationMail } = await import('../../modules/notifications/notification-mail.ts');
    const sent = await sendNotificationMail(
      { db: t.database.db, mailer: t.app.mailer, config: t.app.config, secret: t.app.appSecret },
      manager.user.id,
      clock,
    );
    expect(sent).toBe('sent');
    await t.app.mailer.settled();
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, manager.user.email));
    expect(mail).toBeDefined();
    expect(JSON.stringify(mail)).toMatch(/Approve/);
    expect(JSON.stringify(mail)).toMatch(/Decline/);
  });

  it('a batch sent after the call was approved says so and carries no Approve or Decline link', async () => {
    const { call, manager } = await pendingCall();
    const approved = await confirm(manager.headers, tokenOf(call.id, 'approve'));
    expect(approved.statusCode, approved.body).toBe(200);
    const { sendNotificationMail } = await import('../../modules/notifications/notification-mail.ts');
    const sent = await sendNotificationMail(
      { db: t.database.db, mailer: t.app.mailer, config: t.app.config, secret: t.app.appSecret },
      manager.user.id,
      clock,
    );
    expect(sent).toBe('sent');
    await t.app.mailer.settled();
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, manager.user.email));
    expect(mail!.text).toContain('asked for a discovery call');
    expect(mail!.text).toContain('it was approved');
    expect(mail!.text).not.toContain('waits for your approval');
    expect(JSON.stringify(mail)).not.toMatch(/call-action|Approve:|Decline:|>Approve<|>Decline</);
  });
});
