import { can } from '@dd/domain';
import { Navigate } from 'react-router';
import { type Session, toActor, useSession } from '../features/auth/api/get-session.ts';

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

export function RootRedirect() {
  return <Navigate to={landingPathFor(useSession())} replace />;
}
