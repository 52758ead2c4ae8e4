import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { RouteLoader } from './shell/full-page-loader.tsx';
import { GlobalProgress } from './shell/global-progress.tsx';
import { Header } from './shell/header.tsx';
import './shell/shell.css';

/** Every screen: progress bar, skip link, header (hidden on /get-started) and the page in <main>. */
export function AppLayout() {
  const { pathname } = useLocation();
  const withHeader = pathname !== '/get-started';

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
      <main id="main" tabIndex={-1} className={withHeader ? 'dd-main' : 'dd-main--bare'}>
        <Suspense fallback={<RouteLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </>
  );
}
