import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, projectMembers, projectUpdates, reminderSettings } from '../../db/schema/index.ts';
import { buildProject, buildUser } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let now = new Date('2027-03-01T00:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: () => now });
});
afterAll(() => t.close());

async function tickAt(at: string) {
  now = new Date(at);
  await t.app.jobs.runDue();
  return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.createdAt, now));
}

async function member(
  role: 'developer' | 'projectManager',
  timezone: string,
  projectId: number,
  enabled = 1,
) {
  const user = await buildUser(t.database.db, { role, timezone });
  await t.database.db.insert(projectMembers).values({ projectId, userId: user.id, kind: role });
  await t.database.db.insert(reminderSettings).values({ projectId, userId: user.id, isEnabled: enabled });
  return user;
}

describe("team reminders at 16:00 in each member's own timezone", () => {
  it('on a workday without an update, only to members whose toggle is on, once', async () => {
    const project = await buildProject(t.database.db, { title: 'Orion' });
    const dev = await member('developer', 'Asia/Kolkata', project.id);
    const pm = await member('projectManager', 'America/Los_Angeles', project.id);
    await member('developer', 'Asia/Kolkata', project.id, 0);

    // Monday 15 March 2027. 16:00 in Kolkata is 10:30Z.
    expect(await tickAt('2027-03-15T10:29:00Z')).toHaveLength(0);
    const atFour = await tickAt('2027-03-15T10:30:00Z');
    expect(atFour.map((m) => m.to)).toEqual([dev.email]);
    expect(atFour[0]!.subject).toBe('No update on Orion today');
    expect(await tickAt('2027-03-15T10:45:00Z')).toHaveLength(0);
    // 16:00 in Los Angeles (PDT since the day before) is 23:00Z.
    expect(await tickAt('2027-03-15T22:59:00Z')).toHaveLength(0);
    expect((await tickAt('2027-03-15T23:00:00Z')).map((m) => m.to)).toEqual([pm.email]);
  });

  it("not on a day that has an update (that day in the member's zone), not on weekends", async () => {
    const project = await buildProject(t.database.db, { title: 'Vega' });
    const dev = await member('developer', 'Asia/Kolkata', project.id);
    // Tuesday 16 March, 09:00 in Kolkata: an update (by anyone).
    await t.database.db.insert(projectUpdates).values({
      projectId: project.id,
      description: 'Shipped the login',
      createdAt: new Date('2027-03-16T03:30:00Z'),
    });
    expect((await tickAt('2027-03-16T10:30:00Z')).filter((m) => m.to === dev.email)).toHaveLength(0);
    // An update late on Tuesday in Kolkata does not count for Wednesday.
    await t.database.db.insert(projectUpdates).values({
      projectId: project.id,
      description: 'Late fix',
      createdAt: new Date('2027-03-16T18:00:00Z'),
    });
    expect((await tickAt('2027-03-17T10:30:00Z')).map((m) => m.to)).toContain(dev.email);
    // Saturday 20 and Sunday 21 March: none.
    expect((await tickAt('2027-03-20T10:30:00Z')).filter((m) => m.to === dev.email)).toHaveLength(0);
    expect((await tickAt('2027-03-21T10:30:00Z')).filter((m) => m.to === dev.email)).toHaveLength(0);
  });

  it('turning the toggle off stops the next one; on again, it comes back', async () => {
    const project = await buildProject(t.database.db, { title: 'Lyra' });
    const dev = await member('developer', 'Asia/Kolkata', project.id);
    expect((await tickAt('2027-03-22T10:30:00Z')).map((m) => m.to)).toContain(dev.email);
    await t.database.db
      .update(reminderSettings)
      .set({ isEnabled: 0 })
      .where(eq(reminderSettings.userId, dev.id));
    expect((await tickAt('2027-03-23T10:30:00Z')).map((m) => m.to)).not.toContain(dev.email);
    await t.database.db
      .update(reminderSettings)
      .set({ isEnabled: 1 })
      .where(eq(reminderSettings.userId, dev.id));
    expect((await tickAt('2027-03-24T10:30:00Z')).map((m) => m.to)).toContain(dev.email);
    // Off the team: no reminder even with the toggle still on.
    await t.database.db.delete(projectMembers).where(eq(projectMembers.userId, dev.id));
    expect((await tickAt('2027-03-25T10:30:00Z')).map((m) => m.to)).not.toContain(dev.email);
  });
});
