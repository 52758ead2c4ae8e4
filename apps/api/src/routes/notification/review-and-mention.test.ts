import { ROLES } from '@dd/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications, projectMembers, sprints, tasks } from '../../db/schema/index.ts';
import { sendNotificationMail } from '../../modules/notifications/notification-mail.ts';
import { buildProject, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { statusPatch } from '../task/board-test-helpers.ts';

/**
 * The review and chat kinds (docs/adr/0020-notifications.md): a delivered task tells the project's
 * clients; a decision on it tells the task's owner and the project's project managers; a mention in
 * the chat tells the person mentioned. Nobody else of any role, and never another project's client.
 */
let t: TestApp;
const db = () => t.database.db;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Session = Awaited<ReturnType<typeof withSessionAs>>;
let n = 0;

/** A project with an owner, a co-client, a developer owning the task, a project manager and an account manager. */
async function reviewProject() {
  const tag = ++n;
  const owner = await withSessionAs(db(), 'client', { name: `Olive Owner${tag}` });
  const coClient = await withSessionAs(db(), 'client', { name: `Cora Coclient${tag}` });
  const developer = await withSessionAs(db(), 'developer', { name: `Dev Eloper${tag}` });
  const pm = await withSessionAs(db(), 'projectManager', { name: `Pam Manager${tag}` });
  const am = await withSessionAs(db(), 'accountManager', { name: `Amos Account${tag}` });
  const project = await buildProject(db(), {
    ownerId: owner.user.id,
    accountManagerId: am.user.id,
    title: `Review ${tag}`,
  });
  await db()
    .insert(projectMembers)
    .values([
      { projectId: project.id, userId: coClient.user.id, kind: 'client' },
      { projectId: project.id, userId: developer.user.id, kind: 'developer' },
      { projectId: project.id, userId: pm.user.id, kind: 'projectManager' },
    ]);
  const [sprint] = await db()
    .insert(sprints)
    .values({ projectId: project.id, sprintStatusId: 2, startedAt: new Date('2026-11-01T09:00:00Z') })
    .returning();
  const task = async (statusId: number, title: string) => {
    const [row] = await db()
      .insert(tasks)
      .values({
        projectId: project.id,
        sprintId: sprint!.id,
        title,
        taskStatusId: statusId,
        ownerId: developer.user.id,
        deliveredAt: statusId === 4 ? new Date() : null,
      })
      .returning();
    return row!;
  };
  // Someone of every role on no project, and a client of another project with the owner's first name.
  const outsiders: Session[] = [];
  for (const role of ROLES) outsiders.push(await withSessionAs(db(), role, { name: `Olive ${role}${tag}` }));
  const elsewhere = await withSessionAs(db(), 'client', { name: `Olive Owner${tag}` });
  await buildProject(db(), { ownerId: elsewhere.user.id, title: `Elsewhere ${tag}` });
  outsiders.push(elsewhere);
  return { owner, coClient, developer, pm, am, project, task, outsiders };
}

const kindsOf = async (who: Session) =>
  (await db().select().from(notifications).where(eq(notifications.userId, who.user.id))).map((r) => ({
    kind: r.kind,
    title: r.title,
    link: r.link,
  }));

const send = (method: 'PATCH' | 'POST', url: string, who: Session, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

describe('review and mention notifications', () => {
  it("a delivery on the board tells the project's clients only", async () => {
    const p = await reviewProject();
    const task = await p.task(3, 'Checkout flow');
    const res = await send('PATCH', `/api/task/${task.id}`, p.pm, statusPatch(4));
    expect(res.statusCode, res.body).toBe(200);
    for (const client of [p.owner, p.coClient])
      expect(await kindsOf(client)).toEqual([
        {
          kind: 'task-review-requested',
          title: `"Checkout flow" was delivered for review in "${p.project.title}"`,
          link: `/project/daily-updates/${p.project.id}`,
        },
      ]);
    for (const other of [p.developer, p.pm, p.am, ...p.outsiders]) expect(await kindsOf(other)).toEqual([]);
  });

  it('a batch sent after the delivery was decided says it was decided', async () => {
    const p = await reviewProject();
    const task = await p.task(3, 'Refund button');
    expect((await send('PATCH', `/api/task/${task.id}`, p.pm, statusPatch(4))).statusCode).toBe(200);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/task/${task.id}/accept`,
      headers: { authorization: p.owner.headers.authorization! },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const sent = await sendNotificationMail(
      { db: db(), mailer: t.app.mailer, config: t.app.config, secret: t.app.appSecret },
      p.coClient.user.id,
      new Date(),
    );
    expect(sent).toBe('sent');
    await t.app.mailer.settled();
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, p.coClient.user.email));
    expect(mail!.subject).toBe(
      `"Refund button" was delivered for review in "${p.project.title}" and was accepted`,
    );
    expect(mail!.text).toContain('and was accepted');
  });

  it("the product owner's decision tells the task's owner and the project managers, not the clients", async () => {
    const p = await reviewProject();
    const task = await p.task(4, 'Invoice PDF');
    const res = await send('POST', `/api/task/${task.id}/reject`, p.owner, {
      data: { type: 'delivery', attributes: { reason: 'The total is wrong' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const staff of [p.developer, p.pm])
      expect(await kindsOf(staff)).toEqual([
        {
          kind: 'task-review-decided',
          title: `"Invoice PDF" was rejected in "${p.project.title}"`,
          link: `/project/tasks/${p.project.id}`,
        },
      ]);
    for (const other of [p.owner, p.coClient, p.am, ...p.outsiders]) expect(await kindsOf(other)).toEqual([]);
  });

  it('a decision on the board tells the task owner but not the project manager who made it', async () => {
    const p = await reviewProject();
    const task = await p.task(4, 'Search box');
    expect((await send('PATCH', `/api/task/${task.id}`, p.pm, statusPatch(5))).statusCode).toBe(200);
    expect((await kindsOf(p.developer)).map((r) => r.title)).toEqual([
      `"Search box" was accepted in "${p.project.title}"`,
    ]);
    for (const other of [p.pm, p.owner, p.coClient, p.am, ...p.outsiders])
      expect(await kindsOf(other)).toEqual([]);
  });

  it("a mention in the chat tells the person mentioned, once, never another project's namesake", async () => {
    const p = await reviewProject();
    const body = `@Olive Owner${n} and @Pam please look`;
    const posted = await send('POST', `/api/project/${p.project.id}/messages`, p.developer, {
      data: { type: 'message', attributes: { body } },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const mention = {
      kind: 'chat-mention',
      title: `${p.developer.user.name} mentioned you in "${p.project.title}"`,
      link: `/project/chat/${p.project.id}`,
    };
    expect(await kindsOf(p.owner)).toEqual([mention]);
    expect(await kindsOf(p.pm)).toEqual([mention]);
    for (const other of [p.developer, p.coClient, p.am, ...p.outsiders])
      expect(await kindsOf(other)).toEqual([]);

    // An edit that adds a mention tells only the newly mentioned.
    const id = posted.json().data.id;
    const edited = await send('PATCH', `/api/message/${id}`, p.developer, {
      data: { type: 'message', attributes: { body: `${body} @Cora` } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await kindsOf(p.coClient)).toEqual([mention]);
    expect(await kindsOf(p.owner)).toHaveLength(1);
    expect(await kindsOf(p.pm)).toHaveLength(1);
  });

  it('a person who turned a kind off in the bell and by mail gets no row', async () => {
    const p = await reviewProject();
    const off = await send('PATCH', '/api/notification/settings', p.owner, {
      data: {
        type: 'notification-settings',
        attributes: { kinds: [{ kind: 'task-review-requested', 'in-app': false, email: false }] },
      },
    });
    expect(off.statusCode, off.body).toBe(200);
    const task = await p.task(3, 'Quiet task');
    expect((await send('PATCH', `/api/task/${task.id}`, p.pm, statusPatch(4))).statusCode).toBe(200);
    expect(await kindsOf(p.owner)).toEqual([]);
    expect(await kindsOf(p.coClient)).toHaveLength(1);
  });
});
