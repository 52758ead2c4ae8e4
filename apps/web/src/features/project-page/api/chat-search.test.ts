import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatSearchQueryOptions, SEARCH_PAGE_SIZE } from './chat-messages.ts';

vi.mock('../../../lib/notify.ts', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

/** 45 matching messages, ids 1..45; the stand-in server answers keyset pages as the API does. */
const ALL = Array.from({ length: 45 }, (_, i) => i + 1);
const urls: URL[] = [];

function answer(url: URL) {
  const before = Number(url.searchParams.get('page[before]') ?? Number.POSITIVE_INFINITY);
  const size = Number(url.searchParams.get('page[size]'));
  const older = ALL.filter((id) => id < before).reverse();
  const page = older.slice(0, size);
  return {
    data: page.map((id) => ({
      type: 'message',
      id: String(id),
      attributes: { body: `invoice ${id}`, deleted: false, files: [] },
    })),
    meta: { 'last-read-id': 0, unread: 0, 'has-more': older.length > size },
  };
}

beforeEach(() => {
  urls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://app.test');
      urls.push(url);
      return new Response(JSON.stringify(answer(url)), {
        status: 200,
        headers: { 'content-type': 'application/vnd.api+json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('chat search pages (keyset, "Load more results")', () => {
  it('reads the newest matches first, then each older page before the oldest shown, until none is left', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new InfiniteQueryObserver(client, chatSearchQueryOptions(7, 'invoice'));
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    const shown = () =>
      observer.getCurrentResult().data!.pages.flatMap((p) => p.messages.map((m) => Number(m.id)));
    expect(shown()).toEqual(ALL.slice(-SEARCH_PAGE_SIZE).reverse());
    expect(urls[0]!.pathname).toBe('/api/project/7/messages');
    expect(urls[0]!.searchParams.get('filter[q]')).toBe('invoice');
    expect(urls[0]!.searchParams.has('page[before]')).toBe(false);
    expect(observer.getCurrentResult().hasNextPage).toBe(true);

    await observer.fetchNextPage();
    expect(urls[1]!.searchParams.get('page[before]')).toBe('26');
    expect(urls[1]!.searchParams.get('filter[q]')).toBe('invoice');
    await observer.fetchNextPage();
    expect(shown()).toEqual([...ALL].reverse());
    // Every match shown once, and no "Load more" is left.
    expect(new Set(shown()).size).toBe(45);
    expect(observer.getCurrentResult().hasNextPage).toBe(false);
    unsubscribe();
    client.clear();
  });

  it('asks nothing for an empty query', async () => {
    const client = new QueryClient();
    const observer = new InfiniteQueryObserver(client, chatSearchQueryOptions(7, '  '));
    const unsubscribe = observer.subscribe(() => {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(urls).toEqual([]);
    expect(observer.getCurrentResult().isPending).toBe(true);
    unsubscribe();
    client.clear();
  });
});
