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

const PAGES: Array<{ pattern: RegExp; requests: (id: number) => string[] }> = [
  {
    pattern: /^\/project\/daily-updates\/(\d{1,9})\/?$/,
    requests: (id) => [
      projectPath(id),
      `/project-update/search?include=reporter&sort=-created&page[size]=null&filter%5Bproject_id%5D=${id}`,
      `/project/${id}/progress`,
    ],
  },
  {
    pattern: /^\/project\/tasks\/(\d{1,9})\/?$/,
    requests: (id) => [
      projectPath(id),
      `/task/search?${byProject(id)}`,
      `/sprint/search?include=${encodeURIComponent('task,project')}&${byProject(id)}`,
      `/tag/search?${byProject(id)}`,
      `/page-tasks/sidebar?project_id=${id}`,
    ],
  },
  { pattern: /^\/project\/[a-z-]+\/(\d{1,9})(\/.*)?$/, requests: (id) => [projectPath(id)] },
];

/**
 * The reads the first screen at this page path needs. Without a session, the app settings alone; with
 * one, the session check and the settings, then the page's own (none for a page not listed). Only
 * positive numeric ids; anything else gives the session's alone.
 */
export function firstScreenRequests(pathname: string, signedIn = true): string[] {
  if (!signedIn) return [APP_CONFIG_REQUEST];
  const session = [SESSION_CHECK_REQUEST, APP_CONFIG_REQUEST];
  for (const page of PAGES) {
    const id = Number(pathname.match(page.pattern)?.[1]);
    if (Number.isSafeInteger(id) && id > 0) return [...session, ...page.requests(id)];
  }
  return session;
}
