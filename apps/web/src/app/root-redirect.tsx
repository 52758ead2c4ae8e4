import { can } from '@dd/domain';
import { Navigate } from 'react-router';
import { type Session, toActor, useSession } from '../features/auth/api/get-session.ts';
import { ScreenSkeleton } from './shell/screen-skeleton.tsx';

/**
 * Where "/" (and any unknown path) lands (docs/product.md §C2): visitors sign in; clients go to the project
 * they visited last, else their newest own project, else the get-started wizard; staff go to the
 * projects table.
 */
export function landingPathFor(session: Session): string {
  if (!session) return '/login/signin';
  if (can(toActor(session), 'project:list')) return '/projects-table';
  const projectId = session.lastProjectId ?? session.newestProjectId;
  return projectId ? `/project/daily-updates/${projectId}` : '/get-started';
}

/**
 * The landing screen's skeleton while the redirect goes on: the router moves on inside a transition, so
 * React keeps this on screen until the landing screen's code is in (an empty redirect left the page
 * blank after signing in).
 */
export function RootRedirect() {
  const to = landingPathFor(useSession());
  return (
    <>
      <ScreenSkeleton pathname={to} />
      <Navigate to={to} replace />
    </>
  );
}
