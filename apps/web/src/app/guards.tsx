import { can, isStaffRole } from '@dd/domain';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useParams } from 'react-router';
import { toActor, useSession } from '../features/auth/api/get-session.ts';

/**
 * Route guards decide only what to show; the server enforces every permission (design.md §2). Each
 * guard wraps a group of routes (as a layout route) and sends everyone else home, where the root
 * redirect picks the right landing page (sign-in for visitors).
 */

type GuardProps = { children?: ReactNode };
const pass = (children: ReactNode) => <>{children ?? <Outlet />}</>;
const home = <Navigate to="/" replace />;

/** Login pages and the invited sign-up: logged-out visitors only. */
export function LoggedOutOnly({ children }: GuardProps) {
  return useSession() ? home : pass(children);
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
  return can(toActor(useSession()), 'admin:access') ? pass(children) : home;
}

/** The projects table: every signed-in role except client. */
export function StaffOnly({ children }: GuardProps) {
  return can(toActor(useSession()), 'project:list') ? pass(children) : home;
}

/** The Calls screen: every staff member (the list itself is for call managers; the feed for all). */
export function CallsGuard({ children }: GuardProps) {
  return can(toActor(useSession()), 'calendar-feed:use') ? pass(children) : home;
}

/** The task board: staff except readonlyManager. */
export function BoardGuard({ children }: GuardProps) {
  return can(toActor(useSession()), 'board:use') ? pass(children) : home;
}

/** A project id is a positive integer (client spec §2: "If it is not a valid id, go to /"). */
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
