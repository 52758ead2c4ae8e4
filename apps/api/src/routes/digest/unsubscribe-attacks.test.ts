import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPreferences, users } from '../../db/schema/index.ts';
import { unsubscribeToken } from '../../modules/digest/unsubscribe-token.ts';
import { NOTIFICATION_UNSUBSCRIBE_PURPOSE } from '../../modules/notifications/notification-mail.ts';
import { buildUser, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, JSON_API, type TestApp } from '../../test/test-app.ts';

/**
 * Two ways an unsubscribe link did more than its reader meant: a mail link scanner's GET unsubscribed
 * (RFC 8058 puts the one-click action on POST; GET shows a page with a button), and a token from an old
 * mail kept working after the client turned the digest on again.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const digestOn = async (userId: number) =>
  (await t.database.db.select({ on: users.digestEnabled }).from(users).where(eq(users.id, userId)))[0]!.on;

const post = (token: string, accept = '*/*') =>
  t.app.inject({
    method: 'POST',
    url: `/api/digest/unsubscribe?token=${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('digest unsubscribe', () => {
  it('a GET (a link scanner, a preview) only shows a page with a button; the POST unsubscribes', async () => {
    const client = await buildUser(t.database.db, { role: 'client' });
    const token = unsubscribeToken(t.app.appSecret, client.id, 0);
    const page = await t.app.inject({ url: `/api/digest/unsubscribe?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toMatch(/<form method="post" action="\/api\/digest\/unsubscribe\?token=[^"]+">/);
    expect(page.body).toMatch(/<button type="submit"[^>]*>Unsubscribe<\/button>/);
    expect(await digestOn(client.id)).toBe(true);

    // The button: a browser's form post answers a page.
    const clicked = await post(token, 'text/html,application/xhtml+xml');
    expect(clicked.statusCode).toBe(200);
    expect(clicked.headers['content-type']).toMatch(/^text\/html/);
    expect(clicked.body).toContain('You are unsubscribed');
    expect(await digestOn(client.id)).toBe(false);
  });

  it('an old link does not unsubscribe again after the client turned the digest back on', async () => {
    const { user: client, headers } = await withSessionAs(t.database.db, 'client');
    const old = unsubscribeToken(t.app.appSecret, client.id, 0);
    expect((await post(old)).statusCode).toBe(200);
    expect(await digestOn(client.id)).toBe(false);
    const on = await t.app.inject({
      method: 'PATCH',
      url: '/api/digest/setting',
      headers: { ...headers, 'content-type': JSON_API },
      payload: { data: { type: 'digest-setting', attributes: { 'digest-enabled': true } } },
    });
    expect(on.statusCode).toBe(200);

    const replay = await post(old);
    expect(replay.statusCode).toBe(400);
    expect(await digestOn(client.id)).toBe(true);
    // The page for the old link says so and offers no button.
    const page = await t.app.inject({ url: `/api/digest/unsubscribe?token=${old}` });
    expect(page.statusCode).toBe(400);
    expect(page.body).not.toContain('<form');
    // The next mail's link works.
    const [row] = await t.database.db
      .select({ version: users.digestTokenVersion })
      .from(users)
      .where(eq(users.id, client.id));
    expect((await post(unsubscribeToken(t.app.appSecret, client.id, row!.version))).statusCode).toBe(200);
    expect(await digestOn(client.id)).toBe(false);
  });

  // RFC 8058 names multipart/form-data as the body a mail client may send, beside the URL-encoded form.
  it.each([
    ['digest', '/api/digest/unsubscribe', 'multipart/form-data'],
    ['digest', '/api/digest/unsubscribe', 'application/x-www-form-urlencoded'],
    ['notification', '/api/notification/unsubscribe', 'multipart/form-data'],
    ['notification', '/api/notification/unsubscribe', 'application/x-www-form-urlencoded'],
  ])('the %s one-click POST at %s takes a %s body', async (_what, path, encoding) => {
    const client = await buildUser(t.database.db, { role: 'client' });
    const token = path.startsWith('/api/digest')
      ? unsubscribeToken(t.app.appSecret, client.id, 0)
      : unsubscribeToken(t.app.appSecret, client.id, 0, NOTIFICATION_UNSUBSCRIBE_PURPOSE);
    const boundary = '----one-click-7f3a';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: `${path}?token=${token}`,
      headers: {
        'content-type':
          encoding === 'multipart/form-data' ? `multipart/form-data; boundary=${boundary}` : encoding,
      },
      payload: encoding === 'multipart/form-data' ? multipart : 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ meta: { unsubscribed: true } });
    if (path.startsWith('/api/digest')) expect(await digestOn(client.id)).toBe(false);
    else {
      const prefs = await t.database.db
        .select({ email: notificationPreferences.email })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, client.id));
      expect(prefs.length).toBeGreaterThan(0);
      expect(prefs.every((p) => !p.email)).toBe(true);
    }
  });

  it('a one-click body larger than a form needs is refused and changes nothing', async () => {
    const client = await buildUser(t.database.db, { role: 'client' });
    const token = unsubscribeToken(t.app.appSecret, client.id, 0);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/digest/unsubscribe?token=${token}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: `--x\r\n${'a'.repeat(8192)}\r\n--x--\r\n`,
    });
    expect(res.statusCode).toBe(413);
    expect(await digestOn(client.id)).toBe(true);
  });
});
