import { can, isStaffRole } from '@dd/domain';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useParams, useSearchParams } from 'react-router';
import { toActor, useSession } from '../features/auth/api/get-session.ts';
import { safeNext } from '../lib/safe-next.ts';
import { NoAccess } from './no-access.tsx';
import { RootRedirect } from './root-redirect.tsx';

/**
 * Route guards decide only what to show; the server enforces every permission (docs/product.md §D2). Each
 * guard wraps a group of routes (as a layout route); a visitor is sent home, where the root redirect
 * picks sign-in; a signed-in person whose role may not open the page sees the no-access screen.
 */

type GuardProps = { children?: ReactNode };
const pass = (children: ReactNode) => <>{children ?? <Outlet />}</>;
const home = <Navigate to="/" replace />;
/** Signed in but not allowed here: say so (visitors still go home, i.e. to sign-in). */
const refused = (signedIn: boolean) => (signedIn ? <NoAccess /> : home);

/**
 * Login pages and the invited sign-up: logged-out visitors only. Signed in (just now, by the form), on
 * to `?next=` (same-site paths only) or the landing screen, showing its skeleton meanwhile rather than an
 * empty page.
 */
export function LoggedOutOnly({ children }: GuardProps) {
  const [params] = useSearchParams();
  const next = params.get('next');
  if (!useSession()) return pass(children);
  return next ? <Navigate to={safeNext(next)} replace /> : <RootRedirect />;
}

/** Any signed-in user (the project pages). */
export function SignedInOnly({ children }: GuardProps) {
  return useSession() ? pass(children) : home;
}

/** The get-started wizard: clients or logged-out visitors; staff are sent home. */
export function ClientsOrVisitors({ children }: GuardProps) {
  const session = useSession();
  return session && isStaffRole(session.role) ? home : pass(children);
}

/** Admin-level pages: tables of users, teams and companies, edit user, settings, create forms. */
export function AdminOnly({ children }: GuardProps) {
  const actor = toActor(useSession());
  return can(actor, 'admin:access') ? pass(children) : refused(actor !== null);
}

/** The projects table: every signed-in role except client. */
export function StaffOnly({ children }: GuardProps) {
  const actor = toActor(useSession());
  return can(actor, 'project:list') ? pass(children) : refused(actor !== null);
}

/** The Calls screen: every staff member (the list itself is for call managers; the feed for all). */
export function CallsGuard({ children }: GuardProps) {
  const actor = toActor(useSession());
  return can(actor, 'calendar-feed:use') ? pass(children) : refused(actor !== null);
}

/** The task board: staff except readonlyManager. */
export function BoardGuard({ children }: GuardProps) {
  const actor = toActor(useSession());
  return can(actor, 'board:use') ? pass(children) : refused(actor !== null);
}

/** A project id is a positive integer (docs/product.md §C2: "If it is not a valid id, go to /"). */
export function parseProjectId(value: string | undefined): number | null {
  if (value === undefined || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/** Project pages: the third path segment must be a valid project id. */
export function ProjectIdGuard({ children }: GuardProps) {
  const { id } = useParams();
  return parseProjectId(id) === null ? home : pass(children);
}
