import {
  DEFAULT_ACCOUNT_MANAGER_SETTING,
  NOTIFICATION_KIND_INFO,
  type NotificationKind,
  notificationKindsFor,
  PHONE_PREFIX_BLACKLIST_SETTING,
  ROLES,
  type Role,
} from '@dd/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invitations,
  mailOutbox,
  notifications,
  projectBudgets,
  projectMembers,
  projectStates,
  scheduledCalls,
  settings,
  users,
} from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';
import { createSession } from '../../modules/auth/sessions.ts';
import { mayReceive } from '../../modules/events/live-event.ts';
import { notify } from '../../modules/notifications/notify.ts';
import { buildProject, buildUser, type UserOverrides, withSessionAs } from '../../test/factories.ts';
import { decodedMail, startSmtpReceiver } from '../../test/smtp-receiver.ts';
import { buildTestApp, firstError, JSON_API, type TestApp } from '../../test/test-app.ts';

// Monday 23 November 2026, 15:00Z: slots are bookable later this week.
let now = new Date('2026-11-23T15:00:00Z');
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

type Headers = Record<string, string>;
const db = () => t.database.db;

async function bell(headers: Headers, query = '') {
  const res = await t.app.inject({ url: `/api/notification/search${query}`, headers });
  expect(res.statusCode).toBe(200);
  const body = res.json() as {
    data: Array<{
      id: string;
      attributes: { kind: NotificationKind; title: string; link: string; read: boolean };
    }>;
    meta: { 'unread-count': number; next: string | null };
  };
  return body;
}
const kindsOf = async (headers: Headers) => (await bell(headers)).data.map((n) => n.attributes.kind);

/** Rows straight from the table (users made without a session). */
const rowsFor = (userId: number) => db().select().from(notifications).where(eq(notifications.userId, userId));

let address = 0;
const nextAddress = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`;

async function setSetting(name: string, value: string) {
  await db()
    .insert(settings)
    .values({ name, value })
    .onConflictDoUpdate({ target: settings.name, set: { value } });
}

async function slot(headers: Headers) {
  const res = await t.app.inject({
    url: '/api/scheduled-call/available-slots?timezone=Europe%2FLondon',
    headers,
  });
  const days = res.json().data as Array<{ attributes: { slots: Array<{ scheduled: string }> } }>;
  const first = days.flatMap((d) => d.attributes.slots)[0];
  expect(first, 'a free slot').toBeTruthy();
  return first!.scheduled;
}

/** The instant of the first free slot (a move takes an instant, as the staff's move does). */
async function slotStart(headers: Headers) {
  const res = await t.app.inject({ url: '/api/scheduled-call/available-slots?timezone=UTC', headers });
  const days = res.json().data as Array<{ attributes: { slots: Array<{ start: string }> } }>;
  const first = days.flatMap((d) => d.attributes.slots)[0];
  expect(first, 'a free slot').toBeTruthy();
  return first!.start;
}

const book = async (headers: Headers, projectId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/scheduled-call/create',
    headers,
    payload: {
      data: {
        type: 'scheduled-call',
        attributes: { project_id: projectId, scheduled: await slot(headers), timezone: 'Europe/London' },
      },
    },
  });

async function clientProject(options: { manager?: boolean; phone?: string } = {}) {
  const manager = options.manager === false ? null : await withSessionAs(db(), 'accountManager');
  const client = await withSessionAs(db(), 'client', { phone: options.phone ?? '+44 20 7946 0000' });
  const project = await buildProject(db(), {
    ownerId: client.user.id,
    accountManagerId: manager?.user.id ?? null,
    title: `P${++address}`,
  });
  return { manager, client, project };
}

describe('who gets which notification', () => {
  it('a wizard sign-up tells every admin and the default account manager, and no one else', async () => {
    const admin = await withSessionAs(db(), 'admin');
    const superAdmin = await withSessionAs(db(), 'superAdmin');
    const manager = await withSessionAs(db(), 'accountManager');
    const otherManager = await withSessionAs(db(), 'accountManager');
    const developer = await withSessionAs(db(), 'developer');
    await setSetting(DEFAULT_ACCOUNT_MANAGER_SETTING, String(manager.user.id));
    const [state] = await db().select().from(projectStates).limit(1);
    const [budget] = await db().select().from(projectBudgets).limit(1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/register-client',
      remoteAddress: nextAddress(),
      headers: { 'content-type': JSON_API },
      payload: {
        data: {
          type: 'user',
          attributes: {
            user: {
              role: 'client',
              name: 'Lena Lead',
              email: 'lena.lead@example.com',
              password: 'lead-pass-1',
              phone: '+14155551234',
              timezone: 'Europe/Berlin',
            },
            company: { title: 'Lena Co', company_size_id: null },
            project: {
              title: 'Lena Shop',
              project_state_id: state!.id,
              project_budget_id: budget!.id,
              project_type_ids: [],
              tech_ids: [],
            },
          },
        },
      },
    });
    expect(res.statusCode).toBe(201);
    const projectId = Number(res.json().data.project.id);
    for (const who of [admin, superAdmin, manager]) {
      const { data, meta } = await bell(who.headers);
      expect(data[0]!.attributes).toMatchObject({
        kind: 'lead-new',
        title: 'New lead: Lena Lead signed up with "Lena Shop"',
        link: `/project/daily-updates/${projectId}`,
        read: false,
      });
      expect(meta['unread-count']).toBeGreaterThanOrEqual(1);
    }
    for (const who of [otherManager, developer]) expect(await kindsOf(who.headers)).toEqual([]);
    const [lead] = await db().select().from(users).where(eq(users.email, 'lena.lead@example.com'));
    expect(await rowsFor(lead!.id)).toEqual([]);

    // Without a default account manager, every admin still hears of it.
    await setSetting(DEFAULT_ACCOUNT_MANAGER_SETTING, 'init');
    const before = (await rowsFor(manager.user.id)).length;
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/register-client',
      remoteAddress: nextAddress(),
      headers: { 'content-type': JSON_API },
      payload: {
        data: {
          type: 'user',
          attributes: {
            user: {
              role: 'client',
              name: 'Max Lead',
              email: 'max.lead@example.com',
              password: 'lead-pass-1',
              phone: '+14155551234',
            },
            company: { title: 'Max', company_size_id: null },
            project: { title: 'Max App', project_state_id: state!.id, project_budget_id: budget!.id },
          },
        },
      },
    });
    expect(again.statusCode).toBe(201);
    expect((await bell(admin.headers)).data[0]!.attributes.title).toContain('Max Lead');
    expect(await rowsFor(manager.user.id)).toHaveLength(before);

    // The client's next project goes to its account manager (the default one given at creation).
    await setSetting(DEFAULT_ACCOUNT_MANAGER_SETTING, String(manager.user.id));
    const client = await withSessionAs(db(), 'client', { name: 'Cora Client' });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/user/register-client',
      remoteAddress: nextAddress(),
      headers: client.headers,
      payload: {
        data: {
          type: 'user',
          attributes: {
            project: { title: 'Cora Two', project_state_id: state!.id, project_budget_id: budget!.id },
          },
        },
      },
    });
    expect(second.statusCode).toBe(201);
    expect((await bell(manager.headers)).data[0]!.attributes).toMatchObject({
      kind: 'project-new',
      title: 'New project from Cora Client: "Cora Two"',
    });
    expect(await kindsOf(otherManager.headers)).toEqual([]);
    await setSetting(DEFAULT_ACCOUNT_MANAGER_SETTING, 'init');
  });

  it("a client's booking reaches the project's account manager, else the admins; approval needed says so", async () => {
    const { manager, client, project } = await clientProject();
    const bystander = await withSessionAs(db(), 'accountManager');
    expect((await book(client.headers, project.id)).statusCode).toBe(201);
    const [entry] = (await bell(manager!.headers)).data;
    expect(entry!.attributes).toMatchObject({ kind: 'call-booked', link: '/calls' });
    expect(entry!.attributes.title).toContain(`booked a discovery call for "${project.title}"`);
    expect(await kindsOf(bystander.headers)).toEqual([]);
    expect(await kindsOf(client.headers)).toEqual([]);

    // No account manager: every active admin hears of it. A blacklisted prefix: it waits for approval.
    await setSetting(PHONE_PREFIX_BLACKLIST_SETTING, '+99');
    const orphan = await clientProject({ manager: false, phone: '+99 555 0101' });
    const admin = await withSessionAs(db(), 'admin');
    expect((await book(orphan.client.headers, orphan.project.id)).statusCode).toBe(403);
    expect((await bell(admin.headers)).data[0]!.attributes.kind).toBe('call-awaiting-approval');
    // The client is mailed that it is a request awaiting confirmation, with no calendar invite.
    await t.app.mailer.settled();
    const [requested] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, orphan.client.user.email));
    expect(requested!.subject).toBe(`Call request received: ${orphan.project.title} — awaiting confirmation`);
    expect(requested!.text).toContain('It is not confirmed yet.');
    expect(requested!.attachments).toEqual([]);
    expect(await kindsOf(bystander.headers)).toEqual([]);
    await setSetting(PHONE_PREFIX_BLACKLIST_SETTING, '');
  });

  it("a client's own move and cancel reach the account manager's bell, not the client's nor a bystander's", async () => {
    const { manager, client, project } = await clientProject();
    const bystander = await withSessionAs(db(), 'accountManager');
    expect((await book(client.headers, project.id)).statusCode).toBe(201);
    const [row] = await db().select().from(scheduledCalls).where(eq(scheduledCalls.projectId, project.id));
    const act = (action: string, payload?: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/scheduled-call/${row!.id}/${action}`,
        headers: payload ? client.headers : { authorization: client.headers.authorization! },
        ...(payload ? { payload } : {}),
      });
    const moved = await act('move', {
      data: { type: 'scheduled-call', attributes: { start: await slotStart(client.headers) } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await act('cancel')).statusCode).toBe(200);
    const entries = (await bell(manager!.headers)).data.map((n) => n.attributes);
    expect(entries.map((n) => n.kind)).toEqual([
      'call-cancelled-by-client',
      'call-moved-by-client',
      'call-booked',
    ]);
    expect(entries[0]).toMatchObject({
      title: `${client.user.name} cancelled the discovery call for "${project.title}"`,
      link: '/calls',
    });
    expect(await kindsOf(client.headers)).toEqual([]);
    expect(await kindsOf(bystander.headers)).toEqual([]);
  });

  it("staff's approval, decline, move and cancel reach the client who booked, never another project's client", async () => {
    await setSetting(PHONE_PREFIX_BLACKLIST_SETTING, '+98');
    const { client, project } = await clientProject({ phone: '+98 555 0102' });
    const other = await clientProject();
    const staff = await withSessionAs(db(), 'projectManager');
    const call = async () => {
      await book(client.headers, project.id);
      const [row] = await db()
        .select()
        .from(scheduledCalls)
        .where(and(eq(scheduledCalls.projectId, project.id), eq(scheduledCalls.status, 'pending_approval')));
      return row!;
    };
    const act = (id: number, action: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/scheduled-call/${id}/${action}`,
        headers: { authorization: staff.headers.authorization! },
      });
    expect((await act((await call()).id, 'decline')).statusCode).toBe(200);
    const approved = await call();
    expect((await act(approved.id, 'approve')).statusCode).toBe(200);
    // One open call per project (docs/product.md §C9): the approved call itself is the one cancelled.
    expect((await act(approved.id, 'cancel')).statusCode).toBe(200);
    const kinds = await kindsOf(client.headers);
    expect(kinds).toEqual(['call-changed-by-staff', 'call-approved', 'call-declined']);
    const titles = (await bell(client.headers)).data.map((n) => n.attributes.title);
    expect(titles[1]).toBe(`Your discovery call for "${project.title}" is confirmed`);
    expect((await bell(client.headers)).data[0]!.attributes.link).toBe(
      `/project/daily-updates/${project.id}`,
    );
    expect(await kindsOf(other.client.headers)).toEqual([]);
    // Staff acting is not told of their own act.
    expect(await kindsOf(staff.headers)).toEqual([]);
    await setSetting(PHONE_PREFIX_BLACKLIST_SETTING, '');
  });

  it("an update reaches the project's clients only; an accepted invitation reaches the inviter", async () => {
    const { client, project, manager } = await clientProject();
    const coClient = await withSessionAs(db(), 'client');
    await db()
      .insert(projectMembers)
      .values({ projectId: project.id, userId: coClient.user.id, kind: 'client' });
    const other = await clientProject();
    const pm = await withSessionAs(db(), 'projectManager');
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/project-update/post',
      headers: pm.headers,
      payload: {
        data: {
          type: 'project-update',
          attributes: { title: 'update', project_id: project.id, description: 'Login works' },
        },
      },
    });
    expect(post.statusCode, post.body).toBe(201);
    for (const who of [client, coClient])
      expect((await bell(who.headers)).data[0]!.attributes).toMatchObject({
        kind: 'update-posted',
        title: `New update on "${project.title}"`,
      });
    expect(await kindsOf(other.client.headers)).toEqual([]);
    expect(await kindsOf(pm.headers)).toEqual([]);
    expect(await kindsOf(manager!.headers)).toEqual([]);

    await db()
      .insert(invitations)
      .values({
        email: 'ivy.invited@example.com',
        projectId: project.id,
        tokenHash: hashToken('notification-test-token'),
        invitedById: pm.user.id,
        expiresAt: new Date(now.getTime() + 86_400_000),
      });
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/authorization/register',
      remoteAddress: nextAddress(),
      headers: { 'content-type': JSON_API },
      payload: {
        data: {
          type: 'user',
          attributes: {
            token: 'notification-test-token',
            email: 'ivy.invited@example.com',
            name: 'Ivy Invited',
            phone: '+14155550100',
            password: 'invited-pass-1',
          },
        },
      },
    });
    expect(signUp.statusCode).toBe(201);
    expect((await bell(pm.headers)).data[0]!.attributes).toMatchObject({
      kind: 'invitation-accepted',
      title: `Ivy Invited accepted your invitation to "${project.title}"`,
    });
  });

  it('every role lists and chooses exactly the kinds it can receive', async () => {
    for (const role of ROLES) {
      const who = await withSessionAs(db(), role);
      const res = await t.app.inject({ url: '/api/notification/settings', headers: who.headers });
      expect(res.statusCode).toBe(200);
      const kinds = (res.json().data.attributes.kinds as Array<{ kind: NotificationKind }>).map(
        (k) => k.kind,
      );
      expect(kinds).toEqual(notificationKindsFor(role));
      // A mention can reach anyone on a project, staff or client.
      expect(kinds).toContain('chat-mention');
      const foreign: NotificationKind = role === 'client' ? 'lead-new' : 'update-posted';
      const refused = await t.app.inject({
        method: 'PATCH',
        url: '/api/notification/settings',
        headers: who.headers,
        payload: {
          data: {
            type: 'notification-settings',
            attributes: { kinds: [{ kind: foreign, 'in-app': true, email: true }] },
          },
        },
      });
      expect(refused.statusCode).toBe(422);
      expect(firstError(refused)?.source).toEqual({ pointer: '/data/attributes/kinds/0/kind' });
    }
  });

  it('a live notification event goes to its recipient only, whatever the role', () => {
    const event = {
      id: 1,
      kind: 'notification' as const,
      resourceId: 5,
      projectId: 3,
      ownerId: null,
      clientIds: [],
    };
    for (const role of ROLES as readonly Role[]) {
      expect(mayReceive({ id: 7, role }, { ...event, recipientId: 7 })).toBe(true);
      expect(mayReceive({ id: 8, role }, { ...event, recipientId: 7 })).toBe(false);
    }
    expect(mayReceive(null, { ...event, recipientId: 7 })).toBe(false);
  });
});

describe('the bell', () => {
  it('pages newest first by keyset, marks one or all read, and ignores ids of others', async () => {
    const me = await withSessionAs(db(), 'developer');
    const someoneElse = await withSessionAs(db(), 'developer');
    for (let i = 1; i <= 45; i++)
      await db().transaction((tx) =>
        notify(tx, {
          kind: 'invitation-accepted',
          recipients: [me.user.id, someoneElse.user.id],
          title: `N${i}`,
          link: '/x',
          at: now,
        }),
      );
    const first = await bell(me.headers);
    expect(first.data.map((n) => n.attributes.title).slice(0, 3)).toEqual(['N45', 'N44', 'N43']);
    expect(first.data).toHaveLength(20);
    expect(first.meta['unread-count']).toBe(45);
    const second = await bell(me.headers, `?page[before]=${first.meta.next}`);
    const third = await bell(me.headers, `?page[before]=${second.meta.next}&page[size]=20`);
    expect(third.data.map((n) => n.attributes.title)).toEqual(['N5', 'N4', 'N3', 'N2', 'N1']);
    expect(third.meta.next).toBeNull();
    const seen = [...first.data, ...second.data, ...third.data].map((n) => n.id);
    expect(new Set(seen).size).toBe(45);

    const theirs = (await bell(someoneElse.headers)).data[0]!.id;
    const read = (attributes: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/notification/read',
        headers: me.headers,
        payload: { data: { type: 'notification-read', attributes } },
      });
    const one = await read({ ids: [first.data[0]!.id, theirs] });
    expect(one.statusCode).toBe(200);
    expect(one.json().meta['unread-count']).toBe(44);
    expect((await bell(me.headers)).data[0]!.attributes.read).toBe(true);
    expect((await bell(someoneElse.headers)).meta['unread-count']).toBe(45);
    expect((await read({ all: true })).json().meta['unread-count']).toBe(0);
    expect((await read({})).statusCode).toBe(422);
  });
});

/** A user with a session valid on the app clock (which these tests move a few months on). */
async function sessionNow(role: Role, overrides: UserOverrides = {}) {
  const user = await buildUser(db(), { role, ...overrides });
  const { token } = await createSession(db(), { userId: user.id, remember: true, now });
  return { user, headers: { authorization: `Bearer ${token}`, 'content-type': JSON_API } };
}

describe('preferences, batched mail and unsubscribe', () => {
  const rawTo = (email: string) =>
    smtp.received.filter((m) => m.to.includes(email.toLowerCase())).map((m) => m.raw);
  const mailsTo = (email: string) => rawTo(email).map(decodedMail);
  /** The header block as sent (not quoted-printable decoded: the token's "=12" would be read as a byte). */
  const headersOf = (raw: string) => raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const unsubscribeLink = (raw: string) => new URL(/List-Unsubscribe: <([^>]+)>/.exec(headersOf(raw))![1]!);
  const tellManager = (userId: number, title: string) =>
    db().transaction((tx) =>
      notify(tx, { kind: 'call-booked', recipients: [userId], title, link: '/calls', at: now }),
    );

  // The app clock runs ahead of the wall clock here, so the queue's own worker never finds these jobs due
  // early: only runDue() (which goes by the app clock) runs them.
  it('sends at most one mail per 5 minutes per user, with everything that waited; the bell follows the in-app choice', async () => {
    now = new Date('2027-06-01T10:00:00Z');
    const manager = await buildUser(db(), { role: 'accountManager', email: 'batch.manager@example.com' });
    expect(NOTIFICATION_KIND_INFO['call-booked'].email).toBe(true);
    await tellManager(manager.id, 'First call');
    await tellManager(manager.id, 'Second call');
    await t.app.jobs.runDue();
    await t.app.mailer.settled();
    const [first, ...none] = mailsTo(manager.email);
    expect(none).toEqual([]);
    expect(first).toContain('Subject: 2 new notifications in Delivery Desk');
    expect(first).toContain('First call');
    expect(first).toContain('Second call');
    expect(first).toContain('http://dd.test/calls');
    const headers = headersOf(rawTo(manager.email)[0]!);
    expect(headers).toMatch(/List-Unsubscribe: <http:\/\/dd\.test\/api\/notification\/unsubscribe\?token=/);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // Two minutes later: it waits until five minutes after the last mail, then goes out alone.
    now = new Date('2027-06-01T10:02:00Z');
    await tellManager(manager.id, 'Third call');
    await t.app.jobs.runDue();
    await t.app.mailer.settled();
    expect(mailsTo(manager.email)).toHaveLength(1);
    now = new Date('2027-06-01T10:05:00Z');
    await t.app.jobs.runDue();
    await t.app.mailer.settled();
    const mails = mailsTo(manager.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain('Subject: Third call');
    expect(mails[1]).not.toContain('First call');

    // In-app off: no entry in the bell, the mail still comes; both off: nothing is kept.
    const session = await sessionNow('accountManager');
    const patch = (choice: { 'in-app': boolean; email: boolean }) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/notification/settings',
        headers: session.headers,
        payload: {
          data: {
            type: 'notification-settings',
            attributes: { kinds: [{ kind: 'call-booked', ...choice }] },
          },
        },
      });
    expect((await patch({ 'in-app': false, email: true })).statusCode).toBe(200);
    await tellManager(session.user.id, 'Hidden in the bell');
    expect(await kindsOf(session.headers)).toEqual([]);
    expect((await rowsFor(session.user.id))[0]).toMatchObject({ inApp: false, mailPending: true });
    const both = await patch({ 'in-app': false, email: false });
    expect(both.json().data.attributes.kinds).toContainEqual({
      kind: 'call-booked',
      'in-app': false,
      email: false,
    });
    // Turning the mail off drops what waited.
    expect((await rowsFor(session.user.id))[0]!.mailPending).toBe(false);
    await tellManager(session.user.id, 'Nothing at all');
    expect(await rowsFor(session.user.id)).toHaveLength(1);
  });

  it('the one-click unsubscribe (signed, no session) stops every notification mail; a forged token changes nothing', async () => {
    now = new Date('2027-06-02T10:00:00Z');
    const manager = await sessionNow('accountManager', { email: 'unsub.manager@example.com' });
    await tellManager(manager.user.id, 'Before unsubscribing');
    await t.app.jobs.runDue();
    await t.app.mailer.settled();
    const link = unsubscribeLink(rawTo('unsub.manager@example.com')[0]!);
    expect(link.origin).toBe('http://dd.test');
    const token = link.searchParams.get('token')!;

    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/notification/unsubscribe?token=${manager.user.id}.${'A'.repeat(43)}`,
    });
    expect(forged.statusCode).toBe(400);
    // The digest's link is signed for another purpose and does not work here.
    const { unsubscribeToken } = await import('../../modules/digest/unsubscribe-token.ts');
    const digestToken = unsubscribeToken(t.app.appSecret, manager.user.id, 0);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/notification/unsubscribe?token=${digestToken}` }))
        .statusCode,
    ).toBe(400);

    // A mail link scanner's GET shows a page with a button and changes nothing.
    const scanned = await t.app.inject({ url: `${link.pathname}${link.search}` });
    expect(scanned.statusCode).toBe(200);
    expect(scanned.body).toContain('Unsubscribe from notification e-mails?');
    expect(scanned.body).toContain('<form method="post"');
    const untouched = await t.app.inject({ url: '/api/notification/settings', headers: manager.headers });
    expect(untouched.json().data.attributes.kinds.some((k: { email: boolean }) => k.email)).toBe(true);

    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/notification/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ meta: { unsubscribed: true } });
    // The page's button: a browser's form POST answers a page.
    const page = await t.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You are unsubscribed');

    const settingsNow = await t.app.inject({ url: '/api/notification/settings', headers: manager.headers });
    for (const choice of settingsNow.json().data.attributes.kinds) expect(choice.email).toBe(false);
    now = new Date('2027-06-02T11:00:00Z');
    await tellManager(manager.user.id, 'After unsubscribing');
    await t.app.jobs.runDue();
    await t.app.mailer.settled();
    expect(mailsTo('unsub.manager@example.com')).toHaveLength(1);
    // The bell still shows it.
    expect((await bell(manager.headers)).data[0]!.attributes.title).toBe('After unsubscribing');
  });

  it('an old unsubscribe link does not work again after the user turned a mail back on', async () => {
    now = new Date('2027-06-03T10:00:00Z');
    const manager = await sessionNow('accountManager', { email: 'replay.manager@example.com' });
    await tellManager(manager.user.id, 'Before the replay');
    await t.app.jobs.runDue();
    await t.app.mailer.settled();
    const link = unsubscribeLink(rawTo('replay.manager@example.com')[0]!);
    const url = `${link.pathname}${link.search}`;
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(200);
    const on = await t.app.inject({
      method: 'PATCH',
      url: '/api/notification/settings',
      headers: manager.headers,
      payload: {
        data: {
          type: 'notification-settings',
          attributes: { kinds: [{ kind: 'call-booked', 'in-app': true, email: true }] },
        },
      },
    });
    expect(on.statusCode).toBe(200);

    const replay = await t.app.inject({ method: 'POST', url });
    expect(replay.statusCode).toBe(400);
    expect(firstError(replay)?.title).toBe('Invalid unsubscribe link');
    const page = await t.app.inject({ url });
    expect(page.statusCode).toBe(400);
    expect(page.body).not.toContain('<form');
    const settingsNow = await t.app.inject({ url: '/api/notification/settings', headers: manager.headers });
    expect(settingsNow.json().data.attributes.kinds).toContainEqual({
      kind: 'call-booked',
      'in-app': true,
      email: true,
    });

    // The next mail carries a link that works.
    now = new Date('2027-06-03T11:00:00Z');
    await tellManager(manager.user.id, 'After turning mail on');
    await t.app.jobs.runDue();
    await t.app.mailer.settled();
    const mails = rawTo('replay.manager@example.com');
    expect(mails).toHaveLength(2);
    const fresh = unsubscribeLink(mails[1]!);
    expect(fresh.searchParams.get('token')).not.toBe(link.searchParams.get('token'));
    expect((await t.app.inject({ method: 'POST', url: `${fresh.pathname}${fresh.search}` })).statusCode).toBe(
      200,
    );
  });
});
