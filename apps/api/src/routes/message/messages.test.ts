import { CHAT_MESSAGES } from '@dd/domain';
import { XSS_PAYLOADS } from '@dd/domain/xss-payloads';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageMentions, messages, projectFiles, projectMembers, users } from '../../db/schema/index.ts';
import { buildProject, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, firstError, JSON_API, type TestApp } from '../../test/test-app.ts';

let now = new Date();
let t: TestApp;
const logs: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({ now: () => now }, { logs });
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
type Msg = { id: string; attributes: Record<string, unknown> };

async function post(headers: Headers, projectId: number, body: string, replyTo?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/project/${projectId}/messages`,
    headers,
    payload: { data: { type: 'message', attributes: { body, ...(replyTo ? { 'reply-to': replyTo } : {}) } } },
  });
}
async function list(headers: Headers, projectId: number, query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/project/${projectId}/messages${query}`,
    headers,
  });
  return res;
}
const ids = (res: { json: () => unknown }) => (res.json() as { data: Msg[] }).data.map((m) => m.id);

async function chatProject() {
  const client = await withSessionAs(t.database.db, 'client');
  const project = await buildProject(t.database.db, { ownerId: client.user.id, title: 'Chatty' });
  const pm = await withSessionAs(t.database.db, 'projectManager', { name: 'Pat Manager' });
  await t.database.db
    .insert(projectMembers)
    .values({ projectId: project.id, userId: pm.user.id, kind: 'projectManager' });
  return { client, pm, project };
}

describe('project chat', () => {
  it('posts, lists newest first by keyset pages, and never leaks to another project', async () => {
    const { client, pm, project } = await chatProject();
    const sent: string[] = [];
    for (let i = 1; i <= 5; i++) {
      const res = await post(i % 2 ? client.headers : pm.headers, project.id, `message number ${i}`);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['content-type']).toContain(JSON_API);
      sent.push((res.json() as { data: Msg }).data.id);
    }
    const first = await list(client.headers, project.id, '?page[size]=2');
    expect(first.statusCode).toBe(200);
    expect(ids(first)).toEqual([sent[4], sent[3]]);
    expect((first.json() as { meta: Record<string, unknown> }).meta['has-more']).toBe(true);
    const second = await list(client.headers, project.id, `?page[size]=2&page[before]=${sent[3]}`);
    expect(ids(second)).toEqual([sent[2], sent[1]]);
    const last = await list(client.headers, project.id, `?page[size]=2&page[before]=${sent[1]}`);
    expect(ids(last)).toEqual([sent[0]]);
    expect((last.json() as { meta: Record<string, unknown> }).meta['has-more']).toBe(false);
    const after = await list(client.headers, project.id, `?page[size]=2&page[after]=${sent[1]}`);
    expect(ids(after)).toEqual([sent[3], sent[2]]);
    const message = (first.json() as { data: Msg[] }).data[0]!;
    expect(message.attributes).toMatchObject({
      body: 'message number 5',
      deleted: false,
      edited: null,
      'author-name': client.user.name,
      'reply-to': null,
      files: [],
    });

    const other = await chatProject();
    expect(ids(await list(other.client.headers, other.project.id))).toEqual([]);
    expect((await list(other.client.headers, project.id)).statusCode).toBe(403);
  });

  it('searches with full-text queries inside the project only', async () => {
    const { client, pm, project } = await chatProject();
    const other = await chatProject();
    await post(client.headers, project.id, 'The invoice for March is attached');
    await post(pm.headers, project.id, 'Deploying the staging server tonight');
    await post(other.client.headers, other.project.id, 'another invoice elsewhere');
    const found = await list(pm.headers, project.id, `?filter[q]=${encodeURIComponent('invoice')}`);
    expect(found.statusCode).toBe(200);
    expect((found.json() as { data: Msg[] }).data.map((m) => m.attributes.body)).toEqual([
      'The invoice for March is attached',
    ]);
    const none = await list(pm.headers, project.id, `?filter[q]=${encodeURIComponent('"server invoice"')}`);
    expect(ids(none)).toEqual([]);
  });

  it('replies quote the answered message; a reply to another project’s message is refused', async () => {
    const { client, pm, project } = await chatProject();
    const question = (await post(client.headers, project.id, 'Can we go live Friday?')).json() as {
      data: Msg;
    };
    const answer = await post(pm.headers, project.id, 'Yes', question.data.id);
    expect(answer.statusCode).toBe(201);
    expect((answer.json() as { data: Msg }).data.attributes).toMatchObject({
      'reply-to': question.data.id,
      'reply-to-author': client.user.name,
      'reply-to-excerpt': 'Can we go live Friday?',
    });
    const other = await chatProject();
    const foreign = (await post(other.client.headers, other.project.id, 'mine')).json() as { data: Msg };
    const refused = await post(pm.headers, project.id, 'x', foreign.data.id);
    expect(refused.statusCode).toBe(422);
    expect(firstError(refused)?.title).toBe(CHAT_MESSAGES.replyToUnknown);
  });

  it('lets the author edit for 15 minutes and delete any time; admins delete any; others never', async () => {
    const { client, pm, project } = await chatProject();
    const sent = (await post(client.headers, project.id, 'first draft')).json() as { data: Msg };
    const url = `/api/message/${sent.data.id}`;
    const edit = (headers: Headers, body: string) =>
      t.app.inject({
        method: 'PATCH',
        url,
        headers,
        payload: { data: { type: 'message', attributes: { body } } },
      });
    expect((await edit(pm.headers, 'hijack')).statusCode).toBe(403);
    const edited = await edit(client.headers, 'second draft');
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as { data: Msg }).data.attributes).toMatchObject({
      body: 'second draft',
      edited: now.toISOString(),
    });
    now = new Date(now.getTime() + 16 * 60 * 1000);
    const late = await edit(client.headers, 'too late');
    expect(late.statusCode).toBe(403);
    expect(firstError(late)?.title).toBe(CHAT_MESSAGES.editWindowPassed);
    expect((await t.app.inject({ method: 'DELETE', url, headers: pm.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url, headers: client.headers })).statusCode).toBe(204);
    const [shown] = (await list(client.headers, project.id)).json().data as Msg[];
    expect(shown!.attributes).toMatchObject({ body: '', deleted: true });

    const another = (await post(client.headers, project.id, 'rude words')).json() as { data: Msg };
    const admin = await withSessionAs(t.database.db, 'admin');
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/message/${another.data.id}`,
          headers: admin.headers,
        })
      ).statusCode,
    ).toBe(204);
  });

  it('the newest page, kept per process, shows every change at once and each reader their own marker', async () => {
    const { client, pm, project } = await chatProject();
    const admin = await withSessionAs(t.database.db, 'admin');
    const hello = (await post(client.headers, project.id, 'hello there')).json() as { data: Msg };
    await post(pm.headers, project.id, 'hi back', hello.data.id);
    const newest = async (headers: Headers = client.headers, size = 30) => {
      const res = await list(headers, project.id, `?page[size]=${size}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: Msg[]; meta: Record<string, unknown> };
    };
    const first = await newest();
    expect(first.data.map((m) => m.attributes.body)).toEqual(['hi back', 'hello there']);
    // The same page read without the cache (page[before] past the newest id) is the same data.
    const uncached = await list(client.headers, project.id, `?page[before]=2000000000&page[size]=30`);
    expect(uncached.json().data).toEqual(first.data);
    // Each reader gets their own marker and count beside the same page.
    expect(first.meta).toEqual({ 'last-read-id': Number(hello.data.id), unread: 1, 'has-more': false });
    expect((await newest(pm.headers)).meta).toMatchObject({ unread: 0 });
    expect((await newest(admin.headers)).meta).toMatchObject({ 'last-read-id': 0, unread: 2 });

    // A post, an edit (and the reply's excerpt of it), an author's new name, a delete: each shows at once.
    await post(pm.headers, project.id, 'third');
    expect((await newest()).data.map((m) => m.attributes.body)).toEqual(['third', 'hi back', 'hello there']);
    expect((await newest(client.headers, 1)).data.map((m) => m.attributes.body)).toEqual(['third']);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/message/${hello.data.id}`,
      headers: client.headers,
      payload: { data: { type: 'message', attributes: { body: 'hello, edited' } } },
    });
    expect(edited.statusCode).toBe(200);
    const afterEdit = await newest();
    expect(afterEdit.data[2]!.attributes).toMatchObject({ body: 'hello, edited' });
    expect(afterEdit.data[1]!.attributes).toMatchObject({ 'reply-to-excerpt': 'hello, edited' });
    await t.database.db.update(users).set({ name: 'Pat Renamed' }).where(eq(users.id, pm.user.id));
    expect((await newest()).data[0]!.attributes['author-name']).toBe('Pat Renamed');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/message/${hello.data.id}`,
      headers: client.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await newest()).data[2]!.attributes).toMatchObject({ body: '', deleted: true });
    expect((await newest()).data[1]!.attributes['reply-to-excerpt']).toBeNull();
  });

  it('a file removed from the project’s files leaves the message of the kept page at once', async () => {
    const { client, pm, project } = await chatProject();
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/project/${project.id}/file/upload?for=chat`,
      headers: {
        authorization: pm.headers.authorization!,
        'content-type': 'application/octet-stream',
        'x-file-name': 'plan.txt',
      },
      payload: Buffer.from('the plan'),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const fileId = uploaded.json().data.id as string;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/project/${project.id}/messages`,
      headers: pm.headers,
      payload: { data: { attributes: { body: 'The plan', files: [fileId] } } },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const files = async () =>
      ((await list(client.headers, project.id)).json().data as Msg[])[0]!.attributes.files;
    expect(await files()).toEqual([{ id: fileId, title: 'plan.txt', size: 8 }]);
    const admin = await withSessionAs(t.database.db, 'admin');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/project/${project.id}/file/${fileId}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await files()).toEqual([]);
  });

  it('keeps a read marker per user and counts what others wrote after it', async () => {
    const { client, pm, project } = await chatProject();
    const a = (await post(pm.headers, project.id, 'one')).json() as { data: Msg };
    await post(pm.headers, project.id, 'two');
    const mine = await list(pm.headers, project.id);
    expect(mine.json().meta).toMatchObject({ unread: 0 });
    const theirs = await list(client.headers, project.id);
    expect(theirs.json().meta).toMatchObject({ 'last-read-id': 0, unread: 2 });
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/project/${project.id}/messages/read`,
      headers: client.headers,
      payload: { data: { type: 'message-read', attributes: { 'last-read-id': a.data.id } } },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().meta).toEqual({ 'last-read-id': Number(a.data.id), unread: 1 });
    // A marker never moves back, nor past the newest message.
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/project/${project.id}/messages/read`,
      headers: client.headers,
      payload: { data: { attributes: { 'last-read-id': 2_000_000_000 } } },
    });
    expect(back.json().meta.unread).toBe(0);
  });

  it('answers a client of another project byte-identically for unknown and foreign ids', async () => {
    const { client, project } = await chatProject();
    const sent = (await post(client.headers, project.id, 'private')).json() as { data: Msg };
    const stranger = await withSessionAs(t.database.db, 'client');
    const unknownProject = 1_999_999_999;
    const pairs: Array<[string, string, string, unknown?]> = [
      ['GET', `/api/project/${project.id}/messages`, `/api/project/${unknownProject}/messages`],
      [
        'POST',
        `/api/project/${project.id}/messages`,
        `/api/project/${unknownProject}/messages`,
        { data: { attributes: { body: 'hi' } } },
      ],
      [
        'POST',
        `/api/project/${project.id}/messages/read`,
        `/api/project/${unknownProject}/messages/read`,
        { data: { attributes: { 'last-read-id': 1 } } },
      ],
      [
        'POST',
        `/api/project/${project.id}/messages/typing`,
        `/api/project/${unknownProject}/messages/typing`,
        {},
      ],
      [
        'PATCH',
        `/api/message/${sent.data.id}`,
        `/api/message/${unknownProject}`,
        { data: { attributes: { body: 'x' } } },
      ],
      ['DELETE', `/api/message/${sent.data.id}`, `/api/message/${unknownProject}`],
    ];
    for (const [method, foreign, unknown, payload] of pairs) {
      const a = await t.app.inject({
        method: method as 'GET',
        url: foreign,
        headers: stranger.headers,
        payload: payload as object,
      });
      const b = await t.app.inject({
        method: method as 'GET',
        url: unknown,
        headers: stranger.headers,
        payload: payload as object,
      });
      expect(a.statusCode, `${method} ${foreign}`).toBe(403);
      expect(b.statusCode, `${method} ${unknown}`).toBe(403);
      expect(a.body).toBe(b.body);
    }
  });

  it('lets a readonlyManager read but not post', async () => {
    const { client, project } = await chatProject();
    await post(client.headers, project.id, 'hello');
    const ro = await withSessionAs(t.database.db, 'readonlyManager');
    expect(ids(await list(ro.headers, project.id))).toHaveLength(1);
    expect((await post(ro.headers, project.id, 'may I?')).statusCode).toBe(403);
  });

  it('stores script payloads as text, answers them as sent, and keeps bodies out of the log', async () => {
    const { client, project } = await chatProject();
    for (const payload of XSS_PAYLOADS) {
      const res = await post(client.headers, project.id, payload);
      expect(res.statusCode).toBe(201);
      expect((res.json() as { data: Msg }).data.attributes.body).toBe(payload.trim());
    }
    const secret = 'the-secret-body-7f3a';
    await post(client.headers, project.id, secret);
    expect(logs.some((line) => line.includes(secret))).toBe(false);
  });

  it('sends files uploaded for the chat with a message; they are project files too', async () => {
    const { client, pm, project } = await chatProject();
    const upload = (headers: Headers, query: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/project/${project.id}/file/upload${query}`,
        headers: {
          authorization: headers.authorization!,
          'content-type': 'application/octet-stream',
          'x-file-name': 'notes%20%3Cb%3E.txt',
        },
        payload: Buffer.from('kick-off notes'),
      });
    // A project manager may not attach to the project's files, but may send a file in its chat.
    expect((await upload(pm.headers, '')).statusCode).toBe(403);
    const uploaded = await upload(pm.headers, '?for=chat');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const fileId = uploaded.json().data.id as string;
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/project/${project.id}/messages`,
      headers: client.headers,
      payload: { data: { attributes: { body: 'not mine', files: [fileId] } } },
    });
    expect(refused.statusCode).toBe(422);
    expect(firstError(refused)?.title).toBe(CHAT_MESSAGES.fileUnknown);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/project/${project.id}/messages`,
      headers: pm.headers,
      payload: { data: { attributes: { body: 'Notes attached', files: [fileId] } } },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data.attributes.files).toEqual([{ id: fileId, title: 'notes <b>.txt', size: 14 }]);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/project/${project.id}?include=file`,
      headers: client.headers,
    });
    expect(page.body).toContain('notes <b>.txt');
    // A file goes with one message only.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/project/${project.id}/messages`,
      headers: pm.headers,
      payload: { data: { attributes: { body: 'again', files: [fileId] } } },
    });
    expect(again.statusCode).toBe(422);

    // Deleting the message deletes its file: from the chat, the project's files and its download alike.
    const messageId = sent.json().data.id as string;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/message/${messageId}`,
      headers: pm.headers,
    });
    expect(removed.statusCode).toBe(204);
    const after = await list(client.headers, project.id);
    const gone = (after.json() as { data: Msg[] }).data.find((m) => m.id === messageId)!;
    expect(gone.attributes).toMatchObject({ deleted: true, files: [] });
    const pageAfter = await t.app.inject({
      method: 'GET',
      url: `/api/project/${project.id}?include=file`,
      headers: client.headers,
    });
    expect(pageAfter.statusCode).toBe(200);
    expect(pageAfter.body).not.toContain('notes <b>.txt');
    const stored = await t.database.db
      .select()
      .from(projectFiles)
      .where(eq(projectFiles.id, Number(fileId)));
    expect(stored).toEqual([]);
  });

  it('an admin deleting someone’s message deletes its files too, and no other message’s', async () => {
    const { client, project } = await chatProject();
    const admin = await withSessionAs(t.database.db, 'admin');
    const upload = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/project/${project.id}/file/upload?for=chat`,
        headers: {
          authorization: client.headers.authorization!,
          'content-type': 'application/octet-stream',
          'x-file-name': 'brief.pdf',
        },
        payload: Buffer.from('%PDF-1.4 brief'),
      });
    const [first, second] = [
      (await upload()).json().data.id as string,
      (await upload()).json().data.id as string,
    ];
    const send = async (body: string, files: string[]) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/project/${project.id}/messages`,
          headers: client.headers,
          payload: { data: { attributes: { body, files } } },
        })
      ).json().data.id as string;
    const doomed = await send('First brief', [first]);
    const kept = await send('Second brief', [second]);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/message/${doomed}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(204);
    const page = (await list(client.headers, project.id)).json() as { data: Msg[] };
    expect(page.data.find((m) => m.id === kept)!.attributes.files).toEqual([
      { id: second, title: 'brief.pdf', size: 14 },
    ]);
    const status = async (id: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/file/${id}/download`,
          headers: admin.headers,
        })
      ).statusCode;
    expect(await status(first)).toBe(404);
    expect(await status(second)).toBe(200);
  });

  it('records @mentions of the project’s people', async () => {
    const { client, pm, project } = await chatProject();
    const res = await post(client.headers, project.id, `@pat can you check this? cc @nobody`);
    const id = Number((res.json() as { data: Msg }).data.id);
    const rows = await t.database.db.select().from(messageMentions).where(eq(messageMentions.messageId, id));
    expect(rows.map((r) => r.userId)).toEqual([pm.user.id]);
  });

  it('an edit that drops a name drops its mention; one that adds a name mentions them as of the edit', async () => {
    const { client, pm, project } = await chatProject();
    const dev = await withSessionAs(t.database.db, 'developer', { name: 'Dana Dev' });
    await t.database.db
      .insert(projectMembers)
      .values({ projectId: project.id, userId: dev.user.id, kind: 'developer' });
    const postedAt = new Date(now);
    const res = await post(client.headers, project.id, '@Pat and @Dana, please look');
    const id = Number((res.json() as { data: Msg }).data.id);
    const mentions = () =>
      t.database.db
        .select()
        .from(messageMentions)
        .where(eq(messageMentions.messageId, id))
        .orderBy(messageMentions.userId);
    expect((await mentions()).map((r) => r.userId).sort()).toEqual([pm.user.id, dev.user.id].sort());
    const edit = (body: string) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/message/${id}`,
        headers: client.headers,
        payload: { data: { type: 'message', id: String(id), attributes: { body } } },
      });
    now = new Date(postedAt.getTime() + 5 * 60_000);
    expect((await edit('@Dana, please look')).statusCode).toBe(200);
    const kept = await mentions();
    expect(kept.map((r) => r.userId)).toEqual([dev.user.id]);
    // A kept mention keeps its time.
    expect(kept[0]!.createdAt.getTime()).toBe(postedAt.getTime());
    now = new Date(postedAt.getTime() + 8 * 60_000);
    expect((await edit('@Dana and @pat, please look')).statusCode).toBe(200);
    const added = (await mentions()).find((r) => r.userId === pm.user.id)!;
    expect(added.createdAt.getTime()).toBe(now.getTime());
    expect((await edit('Never mind')).statusCode).toBe(200);
    expect(await mentions()).toEqual([]);
    now = new Date();
  });

  it('refuses an empty or overlong body with the field named', async () => {
    const { client, project } = await chatProject();
    const empty = await post(client.headers, project.id, '   ');
    expect(empty.statusCode).toBe(422);
    expect(firstError(empty)?.title).toBe(CHAT_MESSAGES.bodyRequired);
    expect((await post(client.headers, project.id, 'x'.repeat(20_001))).statusCode).toBe(422);
  });

  it('limits posting to 30 messages a minute per user, with a clear message', async () => {
    const { client, project } = await chatProject();
    const before = await t.database.db.select().from(messages);
    let limited: Awaited<ReturnType<typeof post>> | null = null;
    for (let i = 0; i < 31; i++) {
      const res = await post(client.headers, project.id, `burst ${i}`);
      if (res.statusCode === 429) {
        limited = res;
        break;
      }
    }
    expect(limited?.statusCode, limited?.body).toBe(429);
    expect(firstError(limited!)?.title).toBe(CHAT_MESSAGES.tooMany);
    const after = await t.database.db.select().from(messages);
    expect(after.length - before.length).toBe(30);
  });

  it('counts posts made in one statement and posts that mention someone in the same limit', async () => {
    const { client, project } = await chatProject();
    for (let i = 0; i < 29; i++)
      expect((await post(client.headers, project.id, `plain ${i}`)).statusCode).toBe(201);
    // The 30th names someone (the transaction's path, counted by the limiter): still allowed.
    expect((await post(client.headers, project.id, 'thanks @Pat')).statusCode).toBe(201);
    const plain = await post(client.headers, project.id, 'one more');
    expect(plain.statusCode).toBe(429);
    expect(firstError(plain)?.title).toBe(CHAT_MESSAGES.tooMany);
    expect((await post(client.headers, project.id, 'and @Pat again')).statusCode).toBe(429);
    // A minute later the window starts again.
    await t.database.db.execute(
      sql`update rate_limits set window_start = window_start - interval '61 seconds' where key = ${`chat-post:${client.user.id}`}`,
    );
    expect((await post(client.headers, project.id, 'back again')).statusCode).toBe(201);
  });
});
