import { FIRST_SCREEN_PAGES, type FirstScreenPageName, matchFirstScreenPage } from '@dd/domain';
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, isValidElement, type ReactNode } from 'react';
import { matchRoutes, Navigate, type RouteObject, useRoutes } from 'react-router';
import { sessionQueryOptions, useSession } from '../features/auth/api/get-session.ts';
import {
  decidedDeliveriesQueryOptions,
  waitingDeliveriesQueryOptions,
} from '../features/project-page/api/get-deliveries.ts';
import { projectQueryOptions } from '../features/project-page/api/get-project.ts';
import { projectProgressQueryOptions } from '../features/project-page/api/get-project-progress.ts';
import { projectUpdatesQueryOptions } from '../features/project-page/api/get-project-updates.ts';
import { sidebarQueryOptions } from '../features/task-board/api/get-sidebar.ts';
import { sprintsQueryOptions } from '../features/task-board/api/get-sprints.ts';
import { tagsQueryOptions } from '../features/task-board/api/get-tags.ts';
import { tasksQueryOptions } from '../features/task-board/api/get-tasks.ts';
import { quietly } from '../lib/api-client.ts';
import { appConfigQueryOptions } from '../lib/app-config.ts';
import { lazyComponent, type Preloadable, settled } from '../lib/lazy-component.tsx';
import { yieldToMain } from '../lib/yield-to-main.ts';
import { AppLayout, preloadShell } from './app-layout.tsx';
import {
  AdminOnly,
  BoardGuard,
  CallsGuard,
  ClientsOrVisitors,
  LoggedOutOnly,
  ProjectIdGuard,
  SignedInOnly,
  StaffOnly,
} from './guards.tsx';
import { LoginLayout } from './login-layout.tsx';
import { RootRedirect } from './root-redirect.tsx';

/**
 * A named export as a lazy screen: each screen is its own chunk, loaded when first visited, or before the
 * first render when it is the page's first screen (preloadScreen), which then renders without suspending.
 */
function page<Module extends Record<string, unknown>>(
  load: () => Promise<Module>,
  name: keyof Module & string,
) {
  return lazyComponent(load, (module) => module[name] as ComponentType<object>);
}

const SignInPage = page(() => import('../features/auth/components/sign-in-page.tsx'), 'SignInPage');
const ForgotPasswordPage = page(
  () => import('../features/auth/components/forgot-password-page.tsx'),
  'ForgotPasswordPage',
);
const ChangePasswordPage = page(
  () => import('../features/auth/components/change-password-page.tsx'),
  'ChangePasswordPage',
);
const EmailChangePage = page(
  () => import('../features/email-change/components/email-change-page.tsx'),
  'EmailChangePage',
);
const LoginFallbackPage = page(
  () => import('../features/auth/components/login-fallback-page.tsx'),
  'LoginFallbackPage',
);
const GetStartedScreen = lazyComponent(
  () => import('../features/get-started/components/get-started-page.tsx'),
  (module) => module.GetStartedPage,
);
function GetStartedPage() {
  return <GetStartedScreen signedIn={useSession() !== null} />;
}
GetStartedPage.preload = GetStartedScreen.preload;
const DailyUpdatesPage = page(
  () => import('../features/project-page/components/daily-updates-page.tsx'),
  'DailyUpdatesPage',
);
const ProjectChatPage = page(
  () => import('../features/project-page/components/project-chat-page.tsx'),
  'ProjectChatPage',
);
const ProjectSectionPage = page(
  () => import('../features/project-page/components/project-section-page.tsx'),
  'ProjectSectionPage',
);
const TaskBoardPage = page(
  () => import('../features/task-board/components/task-board-page.tsx'),
  'TaskBoardPage',
);
const CallsPage = page(() => import('../features/calls/components/calls-page.tsx'), 'CallsPage');
const CallActionPage = page(
  () => import('../features/calls/components/call-action-page.tsx'),
  'CallActionPage',
);
const ProjectsTablePage = page(
  () => import('../features/projects/components/projects-table-page.tsx'),
  'ProjectsTablePage',
);
const CreateProjectPage = page(
  () => import('../features/projects/components/create-project-page.tsx'),
  'CreateProjectPage',
);
const UsersTablePage = page(
  () => import('../features/users/components/users-table-page.tsx'),
  'UsersTablePage',
);
const MailOutboxPage = page(
  () => import('../features/mail-outbox/components/mail-outbox-page.tsx'),
  'MailOutboxPage',
);
const IncompleteRegistrationsPage = page(
  () => import('../features/incomplete-registrations/components/incomplete-registrations-page.tsx'),
  'IncompleteRegistrationsPage',
);
const EditUserPage = page(() => import('../features/users/components/edit-user-page.tsx'), 'EditUserPage');
const CreateUserPage = page(
  () => import('../features/users/components/create-user-page.tsx'),
  'CreateUserPage',
);
const TeamsTablePage = page(
  () => import('../features/teams/components/teams-table-page.tsx'),
  'TeamsTablePage',
);
const CreateTeamPage = page(
  () => import('../features/teams/components/create-team-page.tsx'),
  'CreateTeamPage',
);
const CompaniesTablePage = page(
  () => import('../features/companies/components/companies-table-page.tsx'),
  'CompaniesTablePage',
);
const CreateCompanyPage = page(
  () => import('../features/companies/components/create-company-page.tsx'),
  'CreateCompanyPage',
);
const ProjectSettingsPage = page(
  () => import('../features/settings/components/project-settings-page.tsx'),
  'ProjectSettingsPage',
);
const AccessTokensPage = page(
  () => import('../features/access-tokens/components/access-tokens-page.tsx'),
  'AccessTokensPage',
);
const NotificationSettingsPage = page(
  () => import('../features/notifications/components/notification-settings-page.tsx'),
  'NotificationSettingsPage',
);
const RegisterInvitedUserPage = page(
  () => import('../features/invited-sign-up/components/register-invited-user-page.tsx'),
  'RegisterInvitedUserPage',
);

/** Every route of docs/product.md (docs/product.md §C2, §A2 route table). */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <RootRedirect /> },

      // Login area: logged-out visitors only.
      {
        path: 'login',
        element: <LoggedOutOnly />,
        children: [
          { path: 'singin', element: <Navigate to="/login/signin" replace /> },
          {
            element: <LoginLayout />,
            children: [
              { path: 'signin', element: <SignInPage /> },
              { path: 'forgot-password', element: <ForgotPasswordPage /> },
              { path: 'change-password', element: <ChangePasswordPage /> },
              { index: true, element: <LoginFallbackPage /> },
              { path: '*', element: <LoginFallbackPage /> },
            ],
          },
        ],
      },
      // The links of an e-mail change (to the new and the old address): signed in or not.
      {
        path: 'email-change',
        element: <LoginLayout />,
        children: [{ path: ':action', element: <EmailChangePage /> }],
      },
      {
        path: 'register-invited-user',
        element: (
          <LoggedOutOnly>
            <RegisterInvitedUserPage />
          </LoggedOutOnly>
        ),
      },
      {
        path: 'get-started',
        element: (
          <ClientsOrVisitors>
            <GetStartedPage />
          </ClientsOrVisitors>
        ),
      },

      // Project area: any signed-in user; the third path segment must be a project id.
      {
        path: 'project',
        element: <SignedInOnly />,
        children: [
          {
            element: <ProjectIdGuard />,
            children: [
              // The first-screen pages' paths are the domain's (packages/domain/src/first-screen.ts).
              { path: FIRST_SCREEN_PAGES.dailyUpdates.path, element: <DailyUpdatesPage /> },
              {
                path: FIRST_SCREEN_PAGES.taskBoard.path,
                element: (
                  <BoardGuard>
                    <TaskBoardPage />
                  </BoardGuard>
                ),
              },
              { path: 'chat/:id', element: <ProjectChatPage /> },
              // perfomance-report (spelled so in docs/product.md), git and any other section, and below it.
              { path: FIRST_SCREEN_PAGES.projectSection.path, element: <ProjectSectionPage /> },
            ],
          },
          // /project/ paths without an id: not a valid id, so home (docs/product.md §C2).
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },

      // Staff pages.
      {
        path: 'projects-table',
        element: (
          <StaffOnly>
            <ProjectsTablePage />
          </StaffOnly>
        ),
      },

      // Every signed-in user chooses what reaches them.
      {
        path: 'notification-settings',
        element: (
          <SignedInOnly>
            <NotificationSettingsPage />
          </SignedInOnly>
        ),
      },

      // Keys for integrations that act as the signed-in user (ADR 0052).
      {
        path: 'access-tokens',
        element: (
          <SignedInOnly>
            <AccessTokensPage />
          </SignedInOnly>
        ),
      },

      // A mail's signed Approve/Decline link (docs/product.md §F1): the page itself sends a visitor to
      // sign in and back, and the server decides who may act.
      { path: 'call-action', element: <CallActionPage /> },

      {
        path: 'calls',
        element: (
          <CallsGuard>
            <CallsPage />
          </CallsGuard>
        ),
      },

      // Admin-level pages.
      {
        element: <AdminOnly />,
        children: [
          { path: 'users-table', element: <UsersTablePage /> },
          { path: 'mail-outbox', element: <MailOutboxPage /> },
          { path: 'incomplete-registrations', element: <IncompleteRegistrationsPage /> },
          { path: 'teams-table', element: <TeamsTablePage /> },
          { path: 'companies-table', element: <CompaniesTablePage /> },
          { path: 'edit-user/:id', element: <EditUserPage /> },
          { path: 'project-settings', element: <ProjectSettingsPage /> },
          { path: 'create-user', element: <CreateUserPage /> },
          { path: 'create-company', element: <CreateCompanyPage /> },
          { path: 'create-team', element: <CreateTeamPage /> },
          { path: 'create-project', element: <CreateProjectPage /> },
        ],
      },

      // Any other path falls back to "/", which redirects by role (docs/product.md §A2).
      { path: '*', element: <RootRedirect /> },
    ],
  },
];

/** The lazy screens an element renders, itself or as a guard's child (`<StaffOnly><Page /></StaffOnly>`). */
function lazyScreensOf(node: ReactNode): Preloadable[] {
  if (!isValidElement<{ children?: ReactNode }>(node)) return [];
  const screen = node.type as Partial<Preloadable>;
  return typeof screen.preload === 'function' ? [screen as Preloadable] : lazyScreensOf(node.props.children);
}

/**
 * Starts loading the chunk of the screen at this path (the first screen of a page load) without waiting
 * for GET /authorization/check: the two requests then run side by side instead of one after the other.
 * A guard may still redirect elsewhere; the chunk is then merely cached.
 */
export function preloadScreen(pathname: string): Promise<unknown> {
  const screens = (matchRoutes(routes, pathname) ?? []).flatMap((match) =>
    lazyScreensOf(match.route.element),
  );
  return Promise.all(screens.map(settled));
}

/** Any query the prefetch map starts: a feature's own query options (same key, same function). */
type RouteQuery = { queryKey: readonly unknown[]; queryFn?: unknown; initialPageParam?: unknown };

/**
 * The data the first render of a page asks for, by first-screen page of the domain (docs/product.md §F5):
 * the same reads the server answers inside index.html (first-screen.test.ts keeps them equal). Only what
 * every viewer allowed on the page reads (no role-dependent calls: the role is not known yet), and the
 * few calls the first paint waits for: a browser opens six connections to a host, and the session check
 * must not queue behind lookups. Ordered as the page waits for them.
 */
const routeData = {
  dailyUpdates: (id) => [
    projectQueryOptions(id),
    projectUpdatesQueryOptions(id),
    projectProgressQueryOptions(id),
    // The review card sits above the updates: in the page, it no longer pushes them down when it arrives.
    waitingDeliveriesQueryOptions(id),
    decidedDeliveriesQueryOptions(id),
  ],
  taskBoard: (id) => [
    projectQueryOptions(id),
    tasksQueryOptions(id),
    sprintsQueryOptions(id),
    tagsQueryOptions(id),
    sidebarQueryOptions(id),
  ],
  projectSection: (id) => [projectQueryOptions(id)],
} satisfies Record<FirstScreenPageName, (projectId: number) => RouteQuery[]>;

/** index.html says the page request carried no session cookie (apps/api web-app plugin). */
function knownAnonymous(): boolean {
  return document.querySelector('meta[name="dd-session"]')?.getAttribute('content') === 'none';
}

/**
 * Starts everything the first screen needs at once, before the first render: the session check and the
 * app settings the session gate waits for, the screen's chunk, and, for a visitor with a session cookie,
 * the screen's data (routeData). Before, each waited for the one before it: the data calls started only
 * after the session answered, the shell rendered and the screen's chunk ran. The screens' own queries
 * then find the data in the cache (or in flight). A prefetch that fails is silent; the screen's query
 * retries on mount and reports it once. A guard may still send the visitor elsewhere: the data is then
 * merely cached. Resolves when the screen's code (and the signed-in shell's) has loaded, failed or not:
 * the session gate waits for it, so the first render does not suspend on it (lib/lazy-component.tsx).
 */
export async function startFirstScreen(queryClient: QueryClient, pathname: string): Promise<unknown> {
  // Each step below runs in a task of its own (ADR 0036): together, on a phone's CPU, they were one task of
  // ~250 ms right after the scripts ran. The session check goes first: the first render waits for it.
  void queryClient.prefetchQuery(sessionQueryOptions());
  await yieldToMain();
  void queryClient.prefetchQuery(appConfigQueryOptions());
  await yieldToMain();
  const screen = preloadScreen(pathname);
  if (knownAnonymous()) return screen;
  const code = Promise.all([screen, preloadShell()]);
  const page = matchFirstScreenPage(pathname);
  if (!page) return code;
  for (const query of routeData[page.name](page.id)) {
    // Each read takes the page's answer (if any) and builds its records.
    await yieldToMain();
    const queryFn = query.queryFn as (context: unknown) => unknown;
    const quiet = { queryFn: (context: unknown) => quietly(() => queryFn(context)), retry: false };
    const prefetched =
      'initialPageParam' in query
        ? queryClient.prefetchInfiniteQuery({ ...(query as object), ...quiet } as never)
        : queryClient.prefetchQuery({ queryKey: query.queryKey, ...quiet });
    void prefetched.catch(() => undefined);
  }
  return code;
}

/**
 * Declarative mode (BrowserRouter + useRoutes) rather than a data router: screens load their data with
 * React Query, not route loaders, and the data router would add about 18 KB gzipped to the first load.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
