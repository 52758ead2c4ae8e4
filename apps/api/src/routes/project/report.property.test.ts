import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectEvents, projectUpdates, sprints, tasks } from '../../db/schema/index.ts';
import { buildProject, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Property: the report's numbers equal a plain recomputation from the task history. Random boards
 * (sprints, tasks with estimates, status changes in the project history) are written to the database;
 * the report answered by GET /project/{id}/report is compared with numbers recomputed here the long
 * way, straight from the rows written.
 */
const NOW = new Date();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A small deterministic generator (mulberry32), so a failing seed can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const HOUR = 3_600_000;
type Ev = { taskId: number; action: string; at: Date };

const sortedMedian = (v: number[]) => {
  if (v.length === 0) return null;
  const s = [...v].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
};
const p85 = (v: number[]) => {
  if (v.length === 0) return null;
  const s = [...v].sort((a, b) => a - b);
  // nearest rank: the first value with at least 85% of the values at or below it
  for (let i = 0; i < s.length; i++) if ((i + 1) / s.length >= 0.85) return s[i]!;
  return s[s.length - 1]!;
};
const r2 = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

async function randomBoard(seed: number) {
  const rand = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const { db } = t.database;
  const project = await buildProject(db);
  const sprintRows: Array<{ id: number; startedAt: Date; finishedAt: Date | null }> = [];
  let start = new Date(NOW.getTime() - 200 * 24 * HOUR);
  const count = 1 + Math.floor(rand() * 6);
  for (let i = 0; i < count; i++) {
    const length = (7 + Math.floor(rand() * 14)) * 24 * HOUR;
    const last = i === count - 1;
    const finishedAt = last && rand() < 0.5 ? null : new Date(start.getTime() + length);
    const [row] = await db
      .insert(sprints)
      .values({ projectId: project.id, sprintStatusId: finishedAt ? 3 : 2, startedAt: start, finishedAt })
      .returning();
    sprintRows.push({ id: row!.id, startedAt: start, finishedAt });
    start = new Date(start.getTime() + length + Math.floor(rand() * 10) * 24 * HOUR);
  }
  const events: Ev[] = [];
  const taskRows: Array<{
    id: number;
    sprintId: number;
    estimate: number | null;
    status: number;
    type: number;
  }> = [];
  for (const sprint of sprintRows) {
    const n = Math.floor(rand() * 8);
    for (let k = 0; k < n; k++) {
      // A random walk through the lifecycle: start, finish, deliver, then accept or reject (and restart).
      let at = sprint.startedAt.getTime() + Math.floor(rand() * 48) * HOUR;
      const steps: string[] = [];
      let status = 1;
      const next = () => {
        at += Math.floor(1 + rand() * 72) * HOUR;
        return new Date(at);
      };
      const walk: Array<[string, number]> = [];
      if (rand() < 0.85) {
        walk.push(['start', 2]);
        for (let round = 0; round < 3; round++) {
          if (rand() < 0.15) break;
          walk.push(['finish', 3]);
          if (rand() < 0.1) break;
          walk.push(['deliver', 4]);
          if (rand() < 0.2) break;
          if (rand() < 0.6) {
            walk.push(['accept', 5]);
            break;
          }
          walk.push(['reject', 6]);
          if (rand() < 0.3) break;
          walk.push(['restart', 7]);
        }
      }
      const estimate = rand() < 0.2 ? null : pick([0.5, 1, 2, 3, 5, 8]);
      const type = pick([1, 2, 3]);
      const stamps = walk.map(([action, to]) => {
        status = to;
        steps.push(action);
        return { action, at: next() };
      });
      const [task] = await db
        .insert(tasks)
        .values({
          projectId: project.id,
          sprintId: sprint.id,
          title: `t${k}`,
          taskStatusId: status,
          taskTypeId: type,
          estimate: estimate === null ? null : String(estimate),
        })
        .returning();
      taskRows.push({ id: task!.id, sprintId: sprint.id, estimate, status, type });
      for (const s of stamps) events.push({ taskId: task!.id, ...s });
    }
  }
  if (events.length > 0)
    await db.insert(projectEvents).values(
      // Shuffled insertion: the report must not rely on the rows' order.
      [...events]
        .sort(() => rand() - 0.5)
        .map((e) => ({
          projectId: project.id,
          entity: 'task',
          entityId: e.taskId,
          action: e.action,
          createdAt: e.at,
          details: {},
        })),
    );
  const updates = Array.from(
    { length: Math.floor(rand() * 10) },
    () => new Date(NOW.getTime() - rand() * 120 * 24 * HOUR),
  );
  if (updates.length > 0)
    await db
      .insert(projectUpdates)
      .values(updates.map((at) => ({ projectId: project.id, description: 'x', createdAt: at })));
  return { project, sprintRows, taskRows, events, updates };
}

/** The numbers recomputed the long way for one sprint. */
function plainSprint(board: Awaited<ReturnType<typeof randomBoard>>, sprintId: number) {
  const mine = board.taskRows.filter((x) => x.sprintId === sprintId);
  const startToDelivered: number[] = [];
  const toDecision: number[] = [];
  let rejections = 0;
  let acceptedTasks = 0;
  let acceptedHours = 0;
  for (const task of mine) {
    const history = board.events.filter((e) => e.taskId === task.id).sort((a, b) => +a.at - +b.at);
    history.forEach((e, i) => {
      const before = history.slice(0, i);
      if (e.action === 'deliver') {
        const s = before.filter((b) => b.action === 'start' || b.action === 'restart').pop();
        if (s) startToDelivered.push((+e.at - +s.at) / HOUR);
      }
      if (e.action === 'accept' || e.action === 'reject') {
        const lastDecisionIndex =
          before.map((b) => b.action).lastIndexOf('accept') >
          before.map((b) => b.action).lastIndexOf('reject')
            ? before.map((b) => b.action).lastIndexOf('accept')
            : before.map((b) => b.action).lastIndexOf('reject');
        const d = before
          .slice(lastDecisionIndex + 1)
          .filter((b) => b.action === 'deliver')
          .pop();
        if (d) toDecision.push((+e.at - +d.at) / HOUR);
        if (e.action === 'reject') rejections++;
      }
    });
    if (task.status === 5 && history.some((e) => e.action === 'accept')) {
      acceptedTasks++;
      acceptedHours += task.estimate ?? 0;
    }
  }
  const decisions = acceptedTasks + rejections;
  return {
    totalHours: r2(mine.reduce((n, x) => n + (x.estimate ?? 0), 0)),
    acceptedHours: r2(acceptedHours),
    acceptedTasks,
    rejections,
    rejectionRate: decisions === 0 ? null : Math.round((rejections / decisions) * 10000) / 10000,
    startToDelivered: {
      count: startToDelivered.length,
      medianHours: r2(sortedMedian(startToDelivered)),
      p85Hours: r2(p85(startToDelivered)),
    },
    deliveredToDecision: {
      count: toDecision.length,
      medianHours: r2(sortedMedian(toDecision)),
      p85Hours: r2(p85(toDecision)),
    },
  };
}

describe('GET /project/{id}/report: the numbers equal a plain recomputation from the history', () => {
  it.each(Array.from({ length: 25 }, (_, i) => 1000 + i * 7919))('seed %i', async (seed) => {
    const board = await randomBoard(seed);
    const admin = await withSessionAs(t.database.db, 'admin');
    const from = new Date(NOW.getTime() - 150 * 24 * HOUR).toISOString().slice(0, 10);
    const to = NOW.toISOString().slice(0, 10);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/project/${board.project.id}/report?from=${from}&to=${to}`,
      headers: { authorization: admin.headers.authorization },
    });
    expect(res.statusCode).toBe(200);
    const report = res.json().data.attributes;
    const fromAt = new Date(`${from}T00:00:00Z`);
    const toAt = new Date(Date.parse(`${to}T00:00:00Z`) + 24 * HOUR - 1);
    const ran = board.sprintRows.filter((s) => s.startedAt <= toAt && (s.finishedAt ?? NOW) >= fromAt);
    expect(report.sprints.map((s: { id: number }) => s.id)).toEqual(ran.map((s) => s.id));
    for (const sprint of report.sprints) {
      const { burnUp, id, number, started, finished, ...numbers } = sprint;
      expect(numbers, `sprint ${id}`).toEqual(plainSprint(board, id));
      expect(number).toBe(board.sprintRows.findIndex((s) => s.id === id) + 1);
      expect(burnUp.at(-1).hours).toBe(numbers.acceptedHours);
    }
    const ranTasks = new Set(
      board.taskRows.filter((x) => ran.some((s) => s.id === x.sprintId)).map((x) => x.id),
    );
    const inPeriod = (e: Ev) => ranTasks.has(e.taskId) && e.at >= fromAt && e.at <= toAt;
    expect(report.accepted).toBe(board.events.filter((e) => e.action === 'accept' && inPeriod(e)).length);
    expect(report.rejected).toBe(board.events.filter((e) => e.action === 'reject' && inPeriod(e)).length);
    expect(report['open-roadblocks']).toBe(
      board.taskRows.filter((x) => x.type === 2 && x.status !== 5).length,
    );
    const weekly = report['updates-per-week'].reduce((n: number, w: { count: number }) => n + w.count, 0);
    expect(weekly).toBe(board.updates.filter((u) => u >= fromAt && u <= toAt).length);
  });
});
