import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  for (const [to, subject] of [
    ['ann@example.com', 'Reset your Delivery Desk password'],
    ['bob@example.com', 'You are invited to Apollo on Delivery Desk'],
    ['ann@example.com', 'You are invited to Zephyr on Delivery Desk'],
  ] as const) {
    await t.app.mailer.send({ to, subject, text: `Hello ${to}`, html: `<p>Hello ${to}</p>` });
  }
  await t.app.mailer.settled();
});
afterAll(() => t.close());

const search = (query: string, headers: Record<string, string>) =>
  t.app.inject({ url: `/api/mail-outbox/search${query}`, headers });

describe('GET /api/mail-outbox/search', () => {
  it('is for admins only', async () => {
    expect((await search('', {})).statusCode).toBe(401);
    for (const role of ['projectManager', 'client', 'developer'] as const) {
      const { headers } = await signedInAs(t.app, t.database.db, role);
      expect((await search('', headers)).statusCode, role).toBe(403);
    }
  });

  it('lists logged mail newest first with to, subject, status and created, paged', async () => {
    const { headers } = await signedInAs(t.app, t.database.db, 'admin');
    const res = await search('?page[size]=2', headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ 'page-count': 2, 'total-count': 3 });
    expect(body.data).toHaveLength(2);
    expect(body.data[0].attributes).toMatchObject({
      to: 'ann@example.com',
      subject: 'You are invited to Zephyr on Delivery Desk',
      status: 'logged',
    });
    expect(Object.keys(body.data[0].attributes).sort()).toEqual(
      [
        'attempts',
        'created',
        'error',
        'html',
        'next-attempt',
        'sent',
        'status',
        'subject',
        'text',
        'to',
      ].sort(),
    );
  });

  it('filters by recipient, subject and status; unknown fields are a 400', async () => {
    const { headers } = await signedInAs(t.app, t.database.db, 'superAdmin');
    const byTo = await search('?filter[0][0]=like&filter[0][1]=to&filter[0][2]=ann', headers);
    expect(byTo.json().data).toHaveLength(2);
    const bySubject = await search('?filter[0][0]=like&filter[0][1]=subject&filter[0][2]=reset', headers);
    expect(bySubject.json().data.map((m: { attributes: { to: string } }) => m.attributes.to)).toEqual([
      'ann@example.com',
    ]);
    const sent = await search('?filter[0][0]==&filter[0][1]=status&filter[0][2]=sent', headers);
    expect(sent.json().data).toHaveLength(0);
    expect((await search('?filter[0][0]==&filter[0][1]=html&filter[0][2]=x', headers)).statusCode).toBe(400);
    expect((await search('?sort=html', headers)).statusCode).toBe(400);
  });
});
