import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { listAnswer, newestPageText, type PageText, parseChatPageRead } from './chat-page.ts';

const at = (iso: string) => new Date(iso);

describe('the newest chat page kept per version', () => {
  const db = {} as Db;
  let loads = 0;
  const load = async (): Promise<PageText> => ({ data: `[${++loads}]`, hasMore: false });
  const input = (
    newestEvent: number | null,
    settled: boolean,
    extra: Partial<{ now: Date; size: number }> = {},
  ) => ({
    projectId: 7,
    size: extra.size ?? 30,
    version: { newestEvent, settled },
    listsVersion: 3,
    now: extra.now ?? at('2026-11-26T10:00:10Z'),
  });

  it('keeps a page read while no write was in progress, and answers it while the version holds', async () => {
    loads = 0;
    const first = await newestPageText(db, input(100, true), load);
    const again = await newestPageText(db, input(100, true), load);
    // A read that saw a write in progress may still use what a settled read kept at the same version.
    const unsettled = await newestPageText(db, input(100, false), load);
    expect([first.data, again.data, unsettled.data, loads]).toEqual(['[1]', '[1]', '[1]', 1]);
    // A new event, another page size, another minute: loaded again.
    expect((await newestPageText(db, input(101, true), load)).data).toBe('[2]');
    expect((await newestPageText(db, input(101, true, { size: 1 }), load)).data).toBe('[3]');
    expect((await newestPageText(db, input(101, true, { now: at('2026-11-26T10:01:00Z') }), load)).data).toBe(
      '[4]',
    );
  });

  it('never keeps a page whose version was read while a write was in progress', async () => {
    loads = 0;
    // A transaction in progress may still commit an event with a LOWER id than the newest one seen.
    expect((await newestPageText(db, input(200, false), load)).data).toBe('[1]');
    expect((await newestPageText(db, input(200, false), load)).data).toBe('[2]');
    expect((await newestPageText(db, input(200, true), load)).data).toBe('[3]');
    expect((await newestPageText(db, input(200, true), load)).data).toBe('[3]');
  });

  it('keeps nothing without the users version (an author renamed would not show)', async () => {
    loads = 0;
    const noLists = { ...input(300, true), listsVersion: undefined };
    await newestPageText(db, noLists, load);
    await newestPageText(db, noLists, load);
    expect(loads).toBe(2);
  });

  it('reads the auth statement’s answer and writes the list answer around the kept text', () => {
    const read = parseChatPageRead(JSON.stringify([7, 3, [3, 9], 41, 5, '1234', true]));
    expect(read).toEqual({
      ref: { id: 7, ownerId: 3, clientIds: [3, 9] },
      state: { lastReadId: 41, unread: 5 },
      version: { newestEvent: 1234, settled: true },
    });
    expect(
      JSON.parse(listAnswer({ data: '[{"type":"message","id":"1"}]', hasMore: true }, read.state)),
    ).toEqual({
      data: [{ type: 'message', id: '1' }],
      meta: { 'last-read-id': 41, unread: 5, 'has-more': true },
    });
    expect(parseChatPageRead(JSON.stringify([7, null, [], 0, 0, null, false])).version).toEqual({
      newestEvent: null,
      settled: false,
    });
  });
});
