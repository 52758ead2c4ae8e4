import { MESSAGES, type Role } from '@dd/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications, projectMembers, scheduledCalls } from '../../db/schema/index.ts';
import { buildProject, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, firstError, type TestApp } from '../../test/test-app.ts';

/**
 * A client moves or cancels their own project's open discovery call (docs/product.md §C9): the owner and
 * the project's client users may; other clients, developers, readonlyManager and assistant may not, and
 * an unknown id answers as someone else's does (docs/product.md §F4). A move follows the booking rules.
 */

// Monday 23 November 2026, 07:00 in Los Angeles (PST). The default hours: Monday–Friday 09:00–17:00 PST.
const NOW = new Date('2026-11-23T15:00:00Z');
const NY = 'America/New_York';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: () => NOW });
});
afterAll(() => t.close());
beforeEach(() => {
  vi.spyOn(t.app.mailer, 'sendLater').mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

let slotCounter = 0;
/** A fresh slot on the grid, an hour from any other: 09:00–16:00 PST (17:00Z–00:00Z), 1–11 December. */
function nextSlot(): Date {
  const k = slotCounter++;
  const days = [1, 2, 3, 4, 7, 8, 9, 10, 11];
  const day = days[Math.floor(k / 8)];
  if (day === undefined) throw new Error('out of test slots');
  return new Date(Date.UTC(2026, 11, day, 17, 0) + (k % 8) * 60 * 60_000);
}

async function clientProject() {
  const { db } = t.database;
  const manager = await withSessionAs(db, 'accountManager');
  const owner = await withSessionAs(db, 'client', { timezone: NY, name: 'Carla Client' });
  const project = await buildProject(db, { ownerId: owner.user.id, accountManagerId: manager.user.id });
  return { owner, project, manager };
}

async function insertCall(
  projectId: number,
  userId: number,
  status: 'booked' | 'pending_approval' | 'cancelled' = 'booked',
  at = nextSlot(),
) {
  const [call] = await t.database.db
    .insert(scheduledCalls)
    .values({
      projectId,
      userId,
      scheduledAt: at,
      timezone: NY,
      status,
      createdAt: NOW,
      icsUid: `scheduled-call-client-${slotCounter}-${Math.random()}`,
    })
    .returning();
  return call!;
}

const post = (headers: Record<string, string>, url: string, start?: Date) =>
  t.app.inject({
    method: 'POST',
    url,
    headers:
      start === undefined
        ? Object.fromEntries(Object.entries(headers).filter(([k]) => k !== 'content-type'))
        : headers,
    ...(start === undefined
      ? {}
      : { payload: { data: { type: 'scheduled-call', attributes: { start: start.toISOString() } } } }),
  });
const cancel = (headers: Record<string, string>, id: number) =>
  post(headers, `/api/scheduled-call/${id}/cancel`);
const move = (headers: Record<string, string>, id: number, start: Date) =>
  post(headers, `/api/scheduled-call/${id}/move`, start);

const rowOf = async (id: number) =>
  (await t.database.db.select().from(scheduledCalls).where(eq(scheduledCalls.id, id)))[0]!;
const bellOf = async (userId: number) =>
  (await t.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map(
    (n) => n.kind,
  );

describe("a client changes their project's open call", () => {
  it('the owner moves it, then cancels it; the account manager hears of each', async () => {
    const { owner, project, manager } = await clientProject();
    const call = await insertCall(project.id, owner.user.id);
    const target = nextSlot();
    const moved = await move(owner.headers, call.id, target);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.attributes.scheduled).toBeTruthy();
    expect((await rowOf(call.id)).scheduledAt.toISOString()).toBe(target.toISOString());
    const cancelled = await cancel(owner.headers, call.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await rowOf(call.id)).status).toBe('cancelled');
    expect(await bellOf(manager.user.id)).toEqual(
      expect.arrayContaining(['call-moved-by-client', 'call-cancelled-by-client']),
    );
    // The client is not told of their own act in the bell.
    expect(await bellOf(owner.user.id)).toEqual([]);
    // A second cancel is refused as staff's is.
    const again = await cancel(owner.headers, call.id);
    expect(again.statusCode).toBe(409);
    expect(firstError(again)?.title).toBe('This call is already cancelled');
    expect((await move(owner.headers, call.id, nextSlot())).statusCode).toBe(409);
  });

  it('a client user of the project (not its owner) may too, and the bell names who did it', async () => {
    const { owner, project, manager } = await clientProject();
    const colleague = await withSessionAs(t.database.db, 'client', { name: 'Cody Colleague' });
    await t.database.db
      .insert(projectMembers)
      .values({ projectId: project.id, userId: colleague.user.id, kind: 'client' });
    const call = await insertCall(project.id, owner.user.id);
    expect((await move(colleague.headers, call.id, nextSlot())).statusCode).toBe(200);
    expect((await cancel(colleague.headers, call.id)).statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, manager.user.id));
    expect(rows.map((r) => r.kind).sort()).toEqual(['call-cancelled-by-client', 'call-moved-by-client']);
    expect(rows.every((r) => r.title.startsWith('Cody Colleague '))).toBe(true);
  });

  it('a waiting call stays waiting and a booked one stays booked after the client moves it', async () => {
    const { owner, project } = await clientProject();
    const waiting = await insertCall(project.id, owner.user.id, 'pending_approval');
    expect((await move(owner.headers, waiting.id, nextSlot())).statusCode).toBe(200);
    expect((await rowOf(waiting.id)).status).toBe('pending_approval');
    const other = await clientProject();
    const booked = await insertCall(other.project.id, other.owner.user.id, 'booked');
    expect((await move(other.owner.headers, booked.id, nextSlot())).statusCode).toBe(200);
    expect((await rowOf(booked.id)).status).toBe('booked');
  });
});

describe('attacks: who may not', () => {
  it('a client of another project gets 403, byte-identical for a foreign and an unknown call; nothing changes', async () => {
    const { owner, project } = await clientProject();
    const call = await insertCall(project.id, owner.user.id);
    const stranger = await clientProject();
    const unknown = 2_000_000_000;
    const target = nextSlot();
    const foreignCancel = await cancel(stranger.owner.headers, call.id);
    const unknownCancel = await cancel(stranger.owner.headers, unknown);
    expect(foreignCancel.statusCode).toBe(403);
    expect(foreignCancel.body).toBe(unknownCancel.body);
    const foreignMove = await move(stranger.owner.headers, call.id, target);
    const unknownMove = await move(stranger.owner.headers, unknown, target);
    expect(foreignMove.statusCode).toBe(403);
    expect(foreignMove.body).toBe(unknownMove.body);
    expect(foreignMove.body).toBe(foreignCancel.body);
    const row = await rowOf(call.id);
    expect(row).toMatchObject({ status: 'booked', icsSequence: 0 });
    expect(row.scheduledAt.toISOString()).toBe(call.scheduledAt.toISOString());
  });

  for (const role of ['developer', 'readonlyManager', 'assistant'] as Role[]) {
    it(`${role} (on the project's team) gets 403, byte-identical for an unknown call`, async () => {
      const { owner, project } = await clientProject();
      const call = await insertCall(project.id, owner.user.id);
      const staff = await withSessionAs(t.database.db, role);
      await t.database.db.insert(projectMembers).values({
        projectId: project.id,
        userId: staff.user.id,
        kind: role === 'developer' ? 'developer' : 'observer',
      });
      const target = nextSlot();
      for (const [a, b] of [
        [await cancel(staff.headers, call.id), await cancel(staff.headers, 2_000_000_000)],
        [await move(staff.headers, call.id, target), await move(staff.headers, 2_000_000_000, target)],
      ]) {
        expect(a!.statusCode).toBe(403);
        expect(a!.body).toBe(b!.body);
      }
      expect((await rowOf(call.id)).status).toBe('booked');
    });
  }
});

describe("attacks: a client's move follows the booking rules", () => {
  it('a taken slot or one inside the buffer: 409; too soon, off the grid or a weekend: 422', async () => {
    const { owner, project } = await clientProject();
    const call = await insertCall(project.id, owner.user.id);
    const neighbour = await clientProject();
    const holder = await insertCall(neighbour.project.id, neighbour.owner.user.id);
    const taken = await move(owner.headers, call.id, holder.scheduledAt);
    expect(taken.statusCode).toBe(409);
    expect(firstError(taken)?.title).toBe(MESSAGES.slotTaken);
    // 30 minutes after the holder's start: its 30 minutes end then, inside the 15-minute buffer.
    const near = await move(owner.headers, call.id, new Date(holder.scheduledAt.getTime() + 30 * 60_000));
    expect(near.statusCode).toBe(409);
    // 10:00 PST today: within the 2 hours' notice.
    expect((await move(owner.headers, call.id, new Date('2026-11-23T16:00:00Z'))).statusCode).toBe(422);
    expect((await move(owner.headers, call.id, new Date('2026-12-01T17:10:00Z'))).statusCode).toBe(422);
    expect((await move(owner.headers, call.id, new Date('2026-11-29T18:00:00Z'))).statusCode).toBe(422);
    const row = await rowOf(call.id);
    expect(row.scheduledAt.toISOString()).toBe(call.scheduledAt.toISOString());
    expect(row.icsSequence).toBe(0);
  });

  it('a call that has started or is over is no longer the client’s to change (409)', async () => {
    const { owner, project } = await clientProject();
    const past = await insertCall(project.id, owner.user.id, 'booked', new Date('2026-11-23T14:45:00Z'));
    const late = await cancel(owner.headers, past.id);
    expect(late.statusCode).toBe(409);
    expect(firstError(late)?.title).toBe('This call has already started');
    expect((await move(owner.headers, past.id, nextSlot())).statusCode).toBe(409);
    expect((await rowOf(past.id)).status).toBe('booked');
  });
});
