import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';

/**
 * The folder is the URL (docs/ARCHITECTURE.md, "Routes"): a route registered from
 * `routes/project/messages.ts` must serve `/api/project/…`, one from `routes/project/file/upload.ts`
 * `/api/project/{id}/file/…`. Each route's file is read from the stack of its registration.
 */
const ROUTES = path.dirname(fileURLToPath(import.meta.url));

/** The URL's fixed segments under /api (path parameters skipped): '/api/project/:id/messages' → project, messages. */
export function urlSegments(url: string): string[] {
  return url
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter((segment) => segment !== '' && !segment.startsWith(':'));
}

/** True when the route file's folders, under routes/, are the first fixed segments of its URL. */
export function folderMatches(file: string, url: string): boolean {
  const folders = path
    .dirname(file)
    .split('/')
    .filter((part) => part !== '.');
  const segments = urlSegments(url);
  return folders.length > 0 && folders.every((folder, i) => segments[i] === folder);
}

/**
 * The one folder that is not a URL: the lookup lists (`/api/project-size`, `/api/timezone/search`…), GET only,
 * one root each, generated from one table in `lookups/index.ts`.
 */
function isLookup(file: string, method: string, url: string) {
  return (
    file === 'lookups/index.ts' &&
    (method === 'GET' || method === 'HEAD') &&
    /^\/api\/[a-z-]+(\/search)?$/.test(url)
  );
}

/** The outermost frame under routes/ of a registration's stack: the route plugin that declared it. */
function declaringFile(stack: string): string | null {
  const files = [...stack.matchAll(/(\/[^\s():]+\.ts):\d+:\d+/g)]
    .map((match) => match[1] as string)
    .filter((file) => file.startsWith(`${ROUTES}/`) && !file.endsWith('.test.ts'));
  const outermost = files.at(-1);
  return outermost ? path.relative(ROUTES, outermost) : null;
}

type Registered = { method: string; url: string; file: string | null };

describe('route folders', () => {
  let t: TestApp;
  const routes: Registered[] = [];

  beforeAll(async () => {
    t = await buildTestApp(
      {},
      {
        onRoute: (route) => {
          const limit = Error.stackTraceLimit;
          Error.stackTraceLimit = 200;
          const stack = new Error().stack ?? '';
          Error.stackTraceLimit = limit;
          for (const method of [route.method].flat())
            routes.push({ method, url: route.url ?? '', file: declaringFile(stack) });
        },
      },
    );
  });
  afterAll(async () => t?.close());

  it('reads the rule right', () => {
    expect(folderMatches('project/messages.ts', '/api/project/:id/messages/read')).toBe(true);
    expect(folderMatches('project/file/upload.ts', '/api/project/:id/file/upload')).toBe(true);
    expect(folderMatches('project/index.ts', '/api/project/:id')).toBe(true);
    expect(folderMatches('projects/index.ts', '/api/company/:id')).toBe(false);
    expect(folderMatches('project-search/index.ts', '/api/project/:id')).toBe(false);
    expect(folderMatches('project/file/upload.ts', '/api/project/:id/upload-file')).toBe(false);
    expect(folderMatches('one-click-unsubscribe.ts', '/api/digest/unsubscribe')).toBe(false);
  });

  it('serves every /api route from the folder of its URL', () => {
    const api = routes.filter((route) => route.url.startsWith('/api/'));
    // Every operation of the API is seen (the OpenAPI document lists over a hundred).
    expect(api.length).toBeGreaterThan(150);
    const misplaced = api
      .filter((route) => {
        // The OpenAPI document's own pages come from the swagger plugin (plugins/external/openapi.ts).
        if (route.url.startsWith('/api/docs')) return route.file !== null;
        if (route.file === null) return true;
        return !folderMatches(route.file, route.url) && !isLookup(route.file, route.method, route.url);
      })
      .map((route) => `${route.method} ${route.url} ← routes/${route.file ?? '(not under routes/)'}`);
    expect(misplaced).toEqual([]);
  });
});
