import { DELIVERY_PAGE_SIZE } from './delivery.ts';

/**
 * The API reads a page's first screen waits for, by page path (docs/product.md §F5, ADR 0017). The server runs
 * them while it answers the page request and puts their answers into index.html; the web app's API
 * client takes an answer from there instead of asking again. Each entry is the exact request path the
 * web app builds (below /api, query string included), so a web test checks that the app asks for these.
 */

/** The project page's related resources (docs/product.md §C2), as `GET /api/project/{id}?include=` lists them. */
export const PROJECT_INCLUDE = [
  'owner',
  'company',
  'types',
  'tech',
  'client',
  'developer',
  'project-manager',
  'account-manager',
  'file',
  'link',
] as const;

const projectPath = (id: number) => `/project/${id}?include=${encodeURIComponent(PROJECT_INCLUDE.join(','))}`;
const byProject = (id: number) =>
  `page[size]=0&filter[0][0]=${encodeURIComponent('=')}&filter[0][1]=project.id&filter[0][2]=${id}`;

/** The `<script type="application/json">` of index.html that carries the first screen's answers. */
export const FIRST_SCREEN_ELEMENT_ID = 'dd-first-screen';

/** The session check: the first read of every page with a session cookie. */
export const SESSION_CHECK_REQUEST = '/authorization/check?include=role';
/** The app settings the session gate waits for on every page, a visitor's included. */
const APP_CONFIG_REQUEST = '/app-config';

type FirstScreenPage = { path: string; requests: (id: number) => string[] };

/**
 * The pages whose first screen is answered ahead, declared once: the web's router takes their route paths
 * (React Router syntax), its first-screen prefetch keys its query options by these names, and the server
 * answers `requests` inside index.html. Matched in this order, the first match wins (the router ranks a
 * static segment above `:section` the same way). `:id` is a project id.
 */
export const FIRST_SCREEN_PAGES = {
  dailyUpdates: {
    path: '/project/daily-updates/:id',
    requests: (id) => [
      projectPath(id),
      `/project-update/search?include=reporter&sort=-created&page[size]=null&filter%5Bproject_id%5D=${id}`,
      `/project/${id}/progress`,
      // The review card above the updates (docs/adr/0021): answered in the page, it is there from the
      // first render instead of pushing the updates down when it arrives (a layout shift, docs/adr/0029).
      ...(['waiting', 'decided'] as const).map(
        (status) =>
          `/project/${id}/deliveries?page[page]=1&page[size]=${DELIVERY_PAGE_SIZE}&status=${status}`,
      ),
    ],
  },
  taskBoard: {
    path: '/project/tasks/:id',
    requests: (id) => [
      projectPath(id),
      `/task/search?${byProject(id)}`,
      `/sprint/search?include=${encodeURIComponent('task,project')}&${byProject(id)}`,
      `/tag/search?${byProject(id)}`,
      `/page-tasks/sidebar?project_id=${id}`,
    ],
  },
  /** Any other section of a project (perfomance-report, git, chat…), and deeper paths below it. */
  projectSection: { path: '/project/:section/:id/*', requests: (id) => [projectPath(id)] },
} as const satisfies Record<string, FirstScreenPage>;

export type FirstScreenPageName = keyof typeof FIRST_SCREEN_PAGES;

/**
 * The parameters of a route path (`/project/:section/:id/*`) matched by this path, or null: `:name` is one
 * non-empty segment, a trailing `/*` any rest (none included), a trailing slash is ignored.
 */
export function matchRoutePath(pattern: string, pathname: string): Record<string, string> | null {
  const splat = pattern.endsWith('/*');
  const parts = (splat ? pattern.slice(0, -2) : pattern).split('/');
  const segments = pathname.replace(/\/+$/, '').split('/');
  if (splat ? segments.length < parts.length : segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of parts.entries()) {
    const segment = segments[i]!;
    if (part.startsWith(':') && segment !== '') params[part.slice(1)] = segment;
    else if (part !== segment) return null;
  }
  return params;
}

/** The first-screen page at this path and its project id (a positive id of at most nine digits), or null. */
export function matchFirstScreenPage(pathname: string): { name: FirstScreenPageName; id: number } | null {
  for (const [name, page] of Object.entries(FIRST_SCREEN_PAGES) as Array<
    [FirstScreenPageName, FirstScreenPage]
  >) {
    const id = matchRoutePath(page.path, pathname)?.id;
    if (id !== undefined) return /^[1-9]\d{0,8}$/.test(id) ? { name, id: Number(id) } : null;
  }
  return null;
}

/**
 * The reads the first screen at this page path needs. Without a session, the app settings alone; with
 * one, the session check and the settings, then the page's own (none for a page not listed). Only
 * positive numeric ids; anything else gives the session's alone.
 */
export function firstScreenRequests(pathname: string, signedIn = true): string[] {
  if (!signedIn) return [APP_CONFIG_REQUEST];
  const session = [SESSION_CHECK_REQUEST, APP_CONFIG_REQUEST];
  const page = matchFirstScreenPage(pathname);
  return page ? [...session, ...FIRST_SCREEN_PAGES[page.name].requests(page.id)] : session;
}
