import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, scheduledCalls } from '../../db/schema/index.ts';
import { buildProject, buildUser, signedInAs } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

// The one clock (config.now): the tests move it; the reminders are found by the tick job at that instant.
let now = new Date('2027-03-01T00:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: () => now });
});
afterAll(() => t.close());

const SECOND = 1000;
const LA = 'America/Los_Angeles';
const KOLKATA = 'Asia/Kolkata';

/** Moves the clock to `at`, runs the tick and every due job, and answers the mail queued at that instant. */
async function tickAt(at: Date) {
  now = at;
  await t.app.jobs.runDue();
  return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.createdAt, at)).orderBy(mailOutbox.to);
}

async function callAt(start: string, clientZone: string, managerZone: string) {
  const manager = await buildUser(t.database.db, { role: 'accountManager', timezone: managerZone });
  const client = await buildUser(t.database.db, {
    role: 'client',
    timezone: clientZone,
    name: 'Carla Client',
  });
  const project = await buildProject(t.database.db, { ownerId: client.id, accountManagerId: manager.id });
  const [call] = await t.database.db
    .insert(scheduledCalls)
    .values({ projectId: project.id, userId: client.id, scheduledAt: new Date(start), timezone: clientZone })
    .returning();
  return { call: call!, client, manager, project };
}

describe('call reminders', () => {
  it('Los Angeles, the Sunday DST starts: 24 h and 1 h before are exact instants, not wall-clock times', async () => {
    // Sunday 14 March 2027, 10:00 PDT (UTC-7) = 17:00Z. The day before at 10:00 was PST (UTC-8):
    // 24 hours before is Saturday 09:00 PST = 17:00Z, not 10:00 local.
    const { client, manager } = await callAt('2027-03-14T17:00:00Z', LA, LA);
    const dayBefore = new Date('2027-03-13T17:00:00Z');
    expect(await tickAt(new Date(dayBefore.getTime() - SECOND))).toHaveLength(0);
    const first = await tickAt(dayBefore);
    expect(first.map((m) => m.to).sort()).toEqual([client.email, manager.email].sort());
    const toClient = first.find((m) => m.to === client.email)!;
    expect(toClient.subject).toMatch(/^Reminder: discovery call tomorrow: Project \d+$/);
    expect(toClient.text).toContain(
      'Sunday, March 14, 2027, 10:00 AM (America/Los_Angeles), that is 2027-03-14 17:00 UTC',
    );
    // A later tick in the same hour sends nothing again.
    expect(await tickAt(new Date(dayBefore.getTime() + 10 * 60 * SECOND))).toHaveLength(0);

    expect(await tickAt(new Date('2027-03-14T15:59:59Z'))).toHaveLength(0);
    const last = await tickAt(new Date('2027-03-14T16:00:00Z'));
    expect(last.map((m) => m.to).sort()).toEqual([client.email, manager.email].sort());
    expect(last.every((m) => m.subject.startsWith('Reminder: discovery call in one hour'))).toBe(true);
  });

  it('Los Angeles, the Sunday DST ends, client in Asia/Kolkata: each gets the time in their own zone', async () => {
    // Sunday 7 November 2027, 10:00 PST (UTC-8) = 18:00Z; 24 h before is Saturday 11:00 PDT = 18:00Z.
    const { client, manager } = await callAt('2027-11-07T18:00:00Z', KOLKATA, LA);
    expect(await tickAt(new Date('2027-11-06T17:59:59Z'))).toHaveLength(0);
    const first = await tickAt(new Date('2027-11-06T18:00:00Z'));
    expect(first).toHaveLength(2);
    const toClient = first.find((m) => m.to === client.email)!;
    const toManager = first.find((m) => m.to === manager.email)!;
    // 18:00Z is 23:30 in Kolkata (UTC+5:30, no DST).
    expect(toClient.text).toContain('Sunday, November 7, 2027, 11:30 PM (Asia/Kolkata)');
    expect(toManager.text).toContain('Sunday, November 7, 2027, 10:00 AM (America/Los_Angeles)');
    expect(toManager.text).toContain('the discovery call with Carla Client');
    expect(await tickAt(new Date('2027-11-07T16:59:59Z'))).toHaveLength(0);
    expect(await tickAt(new Date('2027-11-07T17:00:00Z'))).toHaveLength(2);
  });

  it('a cancelled call sends no reminder (cancelled by staff through the Calls screen route)', async () => {
    const { call } = await callAt('2027-04-10T15:00:00Z', KOLKATA, LA);
    now = new Date('2027-04-01T00:00:00Z');
    const { headers } = await signedInAs(t.app, t.database.db, 'admin');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/scheduled-call/${call.id}/cancel`,
      headers: { authorization: headers.authorization },
    });
    expect(res.statusCode).toBe(200);
    await t.app.mailer.settled();
    expect(await tickAt(new Date('2027-04-09T15:00:00Z'))).toHaveLength(0);
    expect(await tickAt(new Date('2027-04-10T14:00:00Z'))).toHaveLength(0);
  });

  it('a pending (unapproved) call sends none; once approved it does', async () => {
    const { call } = await callAt('2027-04-12T15:00:00Z', KOLKATA, LA);
    await t.database.db
      .update(scheduledCalls)
      .set({ status: 'pending_approval' })
      .where(eq(scheduledCalls.id, call.id));
    expect(await tickAt(new Date('2027-04-11T15:00:00Z'))).toHaveLength(0);
    await t.database.db
      .update(scheduledCalls)
      .set({ status: 'booked' })
      .where(eq(scheduledCalls.id, call.id));
    expect(await tickAt(new Date('2027-04-12T14:00:00Z'))).toHaveLength(2);
  });

  it('a moved call is reminded at its new time only', async () => {
    const { call, client } = await callAt('2027-05-10T15:00:00Z', KOLKATA, LA);
    // Moved two days later before the first reminder was due (the move route changes scheduled_at the
    // same way; the tick reads the call's state and time when it runs).
    await t.database.db
      .update(scheduledCalls)
      .set({ scheduledAt: new Date('2027-05-12T15:00:00Z') })
      .where(eq(scheduledCalls.id, call.id));
    expect(await tickAt(new Date('2027-05-09T15:00:00Z'))).toHaveLength(0);
    expect(await tickAt(new Date('2027-05-10T14:00:00Z'))).toHaveLength(0);
    const moved = await tickAt(new Date('2027-05-11T15:00:00Z'));
    expect(moved.map((m) => m.to)).toContain(client.email);
    expect(moved.find((m) => m.to === client.email)!.text).toContain(
      'Wednesday, May 12, 2027, 8:30 PM (Asia/Kolkata)',
    );

    // Moved again after its 24-hour reminder: the 1-hour one follows the newest time.
    await t.database.db
      .update(scheduledCalls)
      .set({ scheduledAt: new Date('2027-05-12T18:00:00Z') })
      .where(eq(scheduledCalls.id, call.id));
    expect(await tickAt(new Date('2027-05-12T14:00:00Z'))).toHaveLength(0);
    expect(await tickAt(new Date('2027-05-12T17:00:00Z'))).toHaveLength(2);
  });
});
