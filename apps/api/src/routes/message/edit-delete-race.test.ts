import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageMentions, messages, notifications, projectMembers } from '../../db/schema/index.ts';
import { buildProject, withSessionAs } from '../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

// Issue 41 finding 5b: an edit racing a delete of the same message left the new text and its mention
// (and a "mentioned you" notification) on a deleted message. A deleted message has no text, no mentions
// and told no one (docs/adr/0022-project-chat.md, decision 7).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PAIRS = 28;

describe('an edit racing a delete of the same message', () => {
  it(`leaves no deleted message with new text, mentions or notifications (${PAIRS} pairs)`, async () => {
    const client = await withSessionAs(t.database.db, 'client');
    const project = await buildProject(t.database.db, { ownerId: client.user.id });
    const pm = await withSessionAs(t.database.db, 'projectManager', { name: 'Pat Racer' });
    await t.database.db
      .insert(projectMembers)
      .values({ projectId: project.id, userId: pm.user.id, kind: 'projectManager' });
    const ids: number[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/project/${project.id}/messages`,
        headers: client.headers,
        payload: { data: { type: 'message', attributes: { body: `plain text ${i}` } } },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(Number((res.json() as { data: { id: string } }).data.id));
    }
    await Promise.all(
      ids.map((id) =>
        Promise.all([
          t.app.inject({
            method: 'PATCH',
            url: `/api/message/${id}`,
            headers: client.headers,
            payload: {
              data: { type: 'message', id: String(id), attributes: { body: '@Pat Racer look at this' } },
            },
          }),
          t.app.inject({ method: 'DELETE', url: `/api/message/${id}`, headers: client.headers }),
        ]),
      ),
    );
    const rows = await t.database.db.select().from(messages).where(inArray(messages.id, ids));
    expect(rows.every((m) => m.deletedAt !== null)).toBe(true);
    const withText = rows.filter((m) => m.body !== '').map((m) => m.id);
    const mentions = await t.database.db
      .select()
      .from(messageMentions)
      .where(inArray(messageMentions.messageId, ids));
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.subjectType, 'message'), inArray(notifications.subjectId, ids)));
    expect(
      { withText: withText.length, mentions: mentions.length, notifications: told.length },
      `${new Set([...withText, ...mentions.map((m) => m.messageId)]).size}/${PAIRS} pairs left text or mentions`,
    ).toEqual({ withText: 0, mentions: 0, notifications: 0 });
  });
});
