import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { buildProject, signedInAs } from '../../test/factories.ts';
import { linkFromLogs } from '../../test/mail-logs.ts';
import { buildTestApp, JSON_API, type TestApp } from '../../test/test-app.ts';

// Issue 11 finding 1: without SMTP_URL an admin read the superAdmin's reset link in the outbox.
const logs: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: 'http://dd.test', logLevel: 'info' }, { logs });
});
afterAll(() => t.close());

let ip = 0;
const nextIp = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;

/** Everything the outbox API shows an admin, every field of every mail, as one string. */
async function everythingTheOutboxShows(headers: Record<string, string>): Promise<string> {
  const res = await t.app.inject({ url: '/api/mail-outbox/search?page[size]=100', headers });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.length).toBeGreaterThan(0);
  return res.body;
}

/** Every string in it that could be a token: runs of URL-safe characters, and every token= value. */
function tokenCandidates(body: string): string[] {
  const runs = body.match(/[A-Za-z0-9_-]{8,}/g) ?? [];
  const params = [...body.matchAll(/token(?:=|%3D)([^\s"&<\\]+)/gi)].map((m) => m[1]!);
  return [...new Set([...runs, ...params])];
}

describe('the mail outbox never hands an admin a usable link (no SMTP_URL)', () => {
  it('an admin who asks a reset for the superAdmin finds no working token in the outbox', async () => {
    const [root] = await t.database.db.select().from(users).where(eq(users.email, 'root@example.com'));
    const { headers } = await signedInAs(t.app, t.database.db, 'admin');
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/authorization/forgot',
      remoteAddress: nextIp(),
      headers,
      payload: { data: { type: 'user', attributes: { email: 'root@example.com' } } },
    });
    expect(forgot.statusCode).toBe(200);
    await t.app.mailer.settled();

    const shown = await everythingTheOutboxShows(headers);
    expect(shown).toContain('Reset your Delivery Desk password');
    const candidates = tokenCandidates(shown);
    expect(candidates.length).toBeGreaterThan(0);
    for (const token of candidates) {
      const check = await t.app.inject({
        url: `/api/authorization/reset-token?token=${encodeURIComponent(token)}`,
        remoteAddress: nextIp(),
      });
      expect(check.statusCode, token).toBe(422);
      const takeover = await t.app.inject({
        method: 'PATCH',
        url: `/api/user/${root!.id}`,
        remoteAddress: nextIp(),
        headers: { 'content-type': JSON_API },
        payload: { data: { type: 'user', attributes: { password: 'taken-over-1', token } } },
      });
      expect(takeover.statusCode, token).toBe(422);
    }
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/authorization/login',
      remoteAddress: nextIp(),
      headers: { 'content-type': JSON_API },
      payload: { data: { attributes: { login: 'root@example.com', password: 'taken-over-1' } } },
    });
    expect(signIn.statusCode).toBe(422);
    expect(shown).toContain('[link redacted]');
    expect(shown).not.toMatch(/token=/i);
  });

  it('the real link is written once, to the server log only, and works for the operator', async () => {
    const resetLines = logs.filter((line) => line.includes('/login/change-password?token='));
    expect(resetLines).toHaveLength(1);
    const link = linkFromLogs(logs, '/login/change-password');
    const token = new URL(link).searchParams.get('token')!;
    expect(resetLines[0]).not.toContain('root@example.com');
    const check = await t.app.inject({ url: `/api/authorization/reset-token?token=${token}` });
    expect(check.statusCode).toBe(200);
  });

  it('an invitation link is redacted the same way', async () => {
    const project = await buildProject(t.database.db);
    const { headers } = await signedInAs(t.app, t.database.db, 'admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/invitation/create',
      headers,
      payload: {
        data: { type: 'invitation', attributes: { email: 'guest@example.com', project_id: project.id } },
      },
    });
    expect(res.statusCode).toBe(201);
    await t.app.mailer.settled();
    const shown = await everythingTheOutboxShows(headers);
    expect(shown).toContain(`You are invited to ${project.title}`);
    expect(shown).not.toMatch(/token=/i);
    for (const token of tokenCandidates(shown)) {
      const my = await t.app.inject({
        url: `/api/invitation/my?token=${encodeURIComponent(token)}`,
        remoteAddress: nextIp(),
      });
      expect(my.statusCode, token).toBe(422);
    }
    const token = new URL(linkFromLogs(logs, '/register-invited-user')).searchParams.get('token')!;
    expect((await t.app.inject({ url: `/api/invitation/my?token=${token}` })).statusCode).toBe(200);
  });
});
