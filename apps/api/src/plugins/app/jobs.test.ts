import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { connect, type Database } from '../../db/client.ts';
import { mailOutbox, scheduledCalls } from '../../db/schema/index.ts';
import { buildProject, buildUser } from '../../test/factories.ts';
import { decodedMail, startSmtpReceiver } from '../../test/smtp-receiver.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
});
afterAll(() => smtp.close());

const countBy = (list: string[]) => {
  const counts: Record<string, number> = {};
  for (const x of list) counts[x] = (counts[x] ?? 0) + 1;
  return counts;
};

async function until(check: () => Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

describe('two app processes on one database, both with workers', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let secondDb: Database;
  const now = new Date();
  beforeAll(async () => {
    t = await buildTestApp({ smtpUrl: smtp.url, jobsWorker: true, jobsPollInterval: 100, now: () => now });
    secondDb = connect(t.database.url, t.database.driver);
    second = await buildApp({ config: t.config, database: secondDb, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await secondDb.close();
    await t.close();
  });

  it('runs each queued mail job once', async () => {
    const before = smtp.received.length;
    const addresses = Array.from({ length: 30 }, (_, i) => `pair${i}@example.com`);
    await Promise.all(
      addresses.map((to, i) =>
        (i % 2 === 0 ? t.app : second).mailer.send({
          to,
          subject: `Mail ${i}`,
          text: 'Hi',
          html: '<p>Hi</p>',
        }),
      ),
    );
    // Nobody calls runDue here: the two workers share the table and pick the jobs up themselves.
    await until(async () => {
      const rows = await t.database.db.select({ status: mailOutbox.status }).from(mailOutbox);
      return rows.length === 30 && rows.every((r) => r.status === 'sent');
    });
    const got = smtp.received.slice(before).flatMap((m) => m.to);
    expect(countBy(got)).toEqual(Object.fromEntries(addresses.map((a) => [a, 1])));
    const rows = await t.database.db.select({ attempts: mailOutbox.attempts }).from(mailOutbox);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    // Finished jobs are gone, payload and all.
    expect(await t.app.jobs.pending('mail')).toBe(0);
  });

  it('a due reminder found by both processes at once goes out once', async () => {
    const manager = await buildUser(t.database.db, { role: 'accountManager', email: 'twin.am@example.com' });
    const client = await buildUser(t.database.db, { role: 'client', email: 'twin.client@example.com' });
    const project = await buildProject(t.database.db, { ownerId: client.id, accountManagerId: manager.id });
    const start = new Date(now.getTime() + 24 * 3600_000);
    await t.database.db
      .insert(scheduledCalls)
      .values({ projectId: project.id, userId: client.id, scheduledAt: start, timezone: 'Asia/Kolkata' });
    const before = smtp.received.length;
    await Promise.all([t.app.jobs.runDue(), second.jobs.runDue(), t.app.jobs.runDue(), second.jobs.runDue()]);
    await until(async () => {
      const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, client.email));
      return rows.length > 0 && rows.every((r) => r.status === 'sent');
    });
    await t.app.mailer.settled();
    const got = smtp.received.slice(before).flatMap((m) => m.to);
    expect(countBy(got)).toEqual({ 'twin.am@example.com': 1, 'twin.client@example.com': 1 });
    void now;
  });
});

describe('a failing SMTP server, then a working one', () => {
  it('retries with backoff, survives a restart, and delivers every mail once; the outbox shows each attempt', async () => {
    let now = new Date();
    smtp.state.failing = true;
    const first = await buildTestApp({ smtpUrl: smtp.url, publicUrl: 'http://dd.test', now: () => now });
    const addresses = ['retry1@example.com', 'retry2@example.com', 'retry3@example.com'];
    const secretLink = 'http://dd.test/login/change-password?token=very-secret-token-1';
    for (const to of addresses)
      await first.app.mailer.send({
        to,
        subject: 'Reset',
        text: `Choose a new password: ${secretLink}`,
        html: `<a href="${secretLink}">x</a>`,
        secrets: [secretLink],
      });
    let rows = await first.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(rows.map((r) => r.status)).toEqual(['queued', 'queued', 'queued']);

    await first.app.mailer.settled();
    rows = await first.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row.error).toMatch(/451/);
      // e^1 seconds after the attempt.
      expect(row.nextAttemptAt!.getTime() - row.lastAttemptAt!.getTime()).toBe(
        Math.floor(Math.exp(1) * 1000),
      );
    }
    // Not due yet on the clock: settling again tries nothing.
    const refusedOnce = smtp.state.refused;
    await first.app.mailer.settled();
    expect(smtp.state.refused).toBe(refusedOnce);
    // Ten seconds later the second attempt fails too (backoff e^2 ≈ 7.4 s after it).
    now = new Date(now.getTime() + 10_000);
    await first.app.mailer.settled();
    rows = await first.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(addresses.map(() => ['failed', 2]));

    // The process stops with the retries waiting; the jobs are rows, so a new process finds them.
    await first.app.close();
    const second = await buildApp({
      config: { ...first.config, now: () => now },
      database: first.database,
      logger: false,
    });
    await second.ready();
    try {
      smtp.state.failing = false;
      const before = smtp.received.length;
      now = new Date(now.getTime() + 60_000);
      await second.mailer.settled();
      rows = await first.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
      expect(rows.map((r) => [r.status, r.attempts, r.error])).toEqual(
        addresses.map(() => ['sent', 3, null]),
      );
      const got = smtp.received.slice(before);
      expect(countBy(got.flatMap((m) => m.to))).toEqual(Object.fromEntries(addresses.map((a) => [a, 1])));
      // The mailbox got the real link; the outbox never had it.
      expect(decodedMail(got[0]!.raw)).toContain(secretLink);
      expect(rows.every((r) => !`${r.text}${r.html}${r.error}`.includes('very-secret-token'))).toBe(true);
      // Nothing is left in the queue: no payload with the real link stays behind.
      expect(await second.jobs.pending('mail')).toBe(0);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
