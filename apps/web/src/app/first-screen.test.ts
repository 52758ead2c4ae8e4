import { FIRST_SCREEN_PAGES, firstScreenRequests } from '@dd/domain';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The server answers a page's first reads inside index.html (ADR 0017) by the request paths of
// packages/domain first-screen.ts; the app takes them by the paths it builds. These tests keep the two
// lists the same and show that an answer is used once, instead of the network.

type FakeElement = { textContent: string; remove: () => void };

function fakeDocument(island: Record<string, unknown> | null) {
  const element: FakeElement | null = island
    ? { textContent: JSON.stringify(island), remove: vi.fn() }
    : null;
  return {
    querySelector: () => null,
    getElementById: (id: string) => (id === 'dd-first-screen' ? element : null),
  };
}

const ok = (body: unknown) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/vnd.api+json' },
  });

let fetched: string[];
beforeEach(() => {
  vi.resetModules();
  fetched = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      fetched.push(url.replace(/^\/api/, ''));
      return ok({ data: null });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("the first screen's reads", () => {
  for (const path of ['/project/daily-updates/7', '/project/tasks/7', '/project/chat/7', '/calls']) {
    it(`are the ones the server answers in the page, for ${path}`, async () => {
      vi.stubGlobal('document', fakeDocument(null));
      const { startFirstScreen } = await import('./router.tsx');
      const started = startFirstScreen(new QueryClient(), path);
      await vi.waitFor(() => expect(fetched.length).toBe(firstScreenRequests(path).length));
      expect([...fetched].sort()).toEqual([...firstScreenRequests(path)].sort());
      // It goes on after the reads (it reads `document`, loads the screen's chunk): the test ends after it,
      // or afterEach's unstubbed globals fail its next step as an unhandled rejection.
      await started;
      expect([...fetched].sort()).toEqual([...firstScreenRequests(path)].sort());
      // The first import of the router (the whole app) took over 5 s on two busy cores.
    }, 30_000);
  }

  it("are declared once: the router's routes for these pages use the domain's paths", async () => {
    vi.stubGlobal('document', fakeDocument(null));
    const { routes } = await import('./router.tsx');
    const { matchRoutes } = await import('react-router');
    const leafPath = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.path;
    expect(leafPath('/project/daily-updates/7')).toBe(FIRST_SCREEN_PAGES.dailyUpdates.path);
    expect(leafPath('/project/tasks/7')).toBe(FIRST_SCREEN_PAGES.taskBoard.path);
    expect(leafPath('/project/git/7')).toBe(FIRST_SCREEN_PAGES.projectSection.path);
    expect(leafPath('/project/git/7/anything')).toBe(FIRST_SCREEN_PAGES.projectSection.path);
    expect(leafPath('/project/chat/7')).toBe('chat/:id');
  });

  it("come from the page's answers, once each, without a request", async () => {
    const project = { data: { type: 'project', id: '7', attributes: { title: 'From the page' } } };
    vi.stubGlobal('document', fakeDocument({ '/project/7/progress': project }));
    const { api } = await import('../lib/api-client.ts');
    const first = await api.get<{ title: string }>('/project/7/progress');
    expect(first.data.title).toBe('From the page');
    expect(fetched).toEqual([]);
    // A second read of the same path (a refetch) goes to the network.
    await api.get('/project/7/progress');
    expect(fetched).toEqual(['/project/7/progress']);
  });

  it('are asked for when the page has none, or the island is broken', async () => {
    vi.stubGlobal('document', {
      querySelector: () => null,
      getElementById: () => ({ textContent: '{not json', remove: vi.fn() }),
    });
    const { api } = await import('../lib/api-client.ts');
    await api.get('/project/7/progress');
    expect(fetched).toEqual(['/project/7/progress']);
  });
});
