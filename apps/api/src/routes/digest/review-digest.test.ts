import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../../db/schema/index.ts';
import { buildProject, buildUser } from '../../test/factories.ts';
import { decodedMail, startSmtpReceiver } from '../../test/smtp-receiver.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

/** The daily digest names the delivered tasks waiting for the client's review (docs/adr/0021). */
let now = new Date('2027-06-01T00:00:00Z');
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await buildTestApp({ now: () => now, smtpUrl: smtp.url, publicUrl: 'http://dd.test' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function tickAt(at: string, to: string) {
  now = new Date(at);
  const before = smtp.received.length;
  await t.app.jobs.runDue();
  return smtp.received
    .slice(before)
    .filter((m) => m.to.includes(to.toLowerCase()))
    .map((m) => decodedMail(m.raw));
}

describe('the client digest and deliveries', () => {
  it("'N tasks wait for your review', even on a day without updates; other statuses and projects not counted", async () => {
    const { db } = t.database;
    const client = await buildUser(db, { role: 'client', timezone: 'Asia/Kolkata' });
    const own = await buildProject(db, { ownerId: client.id, title: 'Atlas' });
    const foreign = await buildProject(db, { title: 'Not Yours' });
    await db.insert(tasks).values([
      { projectId: own.id, title: 'a', taskStatusId: 4 },
      { projectId: own.id, title: 'b', taskStatusId: 4 },
      { projectId: own.id, title: 'c', taskStatusId: 5 },
      { projectId: own.id, title: 'd', taskStatusId: 3 },
      { projectId: foreign.id, title: 'e', taskStatusId: 4 },
    ]);
    const [mail, ...more] = await tickAt('2027-06-02T02:30:00Z', client.email);
    expect(more).toHaveLength(0);
    expect(mail).toMatch(/Subject: 2 tasks wait for your review/);
    expect(mail).toContain('Atlas: 2');
    expect(mail).not.toContain('Not Yours');
  });
});
