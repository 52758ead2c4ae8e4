import { can } from '@dd/domain';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useActor } from '../features/auth/api/get-session.ts';
import { lazyComponent, settled } from '../lib/lazy-component.tsx';
import { GlobalProgress } from './shell/global-progress.tsx';
import { Header } from './shell/header.tsx';
import { useLiveUpdates } from './shell/live-updates.ts';
import { ProjectsStripPlaceholder } from './shell/projects-strip-placeholder.tsx';
import { ScreenSkeleton } from './shell/screen-skeleton.tsx';

// Clients only: the strip's code loads apart from the first screen (preloadShell starts it early).
const ProjectsStrip = lazyComponent(
  () => import('./shell/projects-strip.tsx'),
  (m) => m.ProjectsStrip,
);
const LiveChat = lazyComponent(
  () => import('./shell/live-chat.tsx'),
  (m) => m.LiveChat,
);

/**
 * Starts loading the signed-in shell's code-split parts with the page, so they render at once with the
 * first screen instead of each suspending it (lib/lazy-component.tsx). A few KB, a handful of requests.
 * Not the admins' CREATE menu: its dropdown is Mantine's Menu (lib-ui-later, ~56 KB), and the session
 * gate waits for this, so every signed-in first paint, a client's too, waited for it (docs/adr/0029).
 * It loads when an admin's header renders it, behind a placeholder of the same look.
 */
export function preloadShell(): Promise<unknown> {
  return Promise.all([ProjectsStrip, LiveChat].map(settled));
}

/** Every screen: progress bar, skip link, header (hidden on /get-started) and the page in <main>. */
export function AppLayout() {
  const { pathname } = useLocation();
  const withHeader = pathname !== '/get-started';
  const actor = useActor();
  const withStrip = withHeader && can(actor, 'project:list-own') && !pathname.startsWith('/login');
  // Every screen of a signed-in user stays current: one event stream for the whole app.
  useLiveUpdates(actor !== null);

  // A new screen starts at the top, as a full page load would.
  useEffect(() => {
    if (pathname) window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <>
      <GlobalProgress />
      <a href="#main" className="dd-skip-link">
        Skip to content
      </a>
      {withHeader && <Header />}
      {withStrip && (
        <Suspense fallback={<ProjectsStripPlaceholder />}>
          <ProjectsStrip />
        </Suspense>
      )}
      <main id="main" tabIndex={-1} className={withHeader ? 'dd-main' : 'dd-main--bare'}>
        {/* Signed in, the screen's own shape while its code loads: never a blank or a lone spinner. */}
        <Suspense fallback={<ScreenSkeleton pathname={pathname} />}>
          <Outlet />
        </Suspense>
      </main>
      {can(actor, 'chat:use') && (
        <Suspense fallback={null}>
          <LiveChat />
        </Suspense>
      )}
    </>
  );
}
