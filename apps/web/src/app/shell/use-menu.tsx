import { can, LABELS } from '@dd/domain';
import {
  IconBuilding,
  IconFolders,
  IconLogin2,
  IconLogout2,
  IconMail,
  IconPhone,
  IconPlus,
  IconSettings,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { toActor, useSession } from '../../features/auth/api/get-session.ts';
import { useLogout } from '../../features/auth/api/logout.ts';

export const MENU_LABELS = LABELS.menu;

/** The CREATE dropdown (docs/product.md §C2 Shell): user, company, team, project. */
export const CREATE_ITEMS = [
  { label: 'User', to: '/create-user' },
  { label: 'Company', to: '/create-company' },
  { label: 'Team', to: '/create-team' },
  { label: 'Project', to: '/create-project' },
] as const;

export type NavEntry = { label: string; to: string };

/** The menu for the current user: admin entries, then signed-in or visitor ones. */
export function useMenu() {
  const actor = toActor(useSession());
  const isAdmin = can(actor, 'admin:access');
  const admin: NavEntry[] = isAdmin
    ? [
        { label: MENU_LABELS.settings, to: '/project-settings' },
        { label: MENU_LABELS.users, to: '/users-table' },
        { label: MENU_LABELS.teams, to: '/teams-table' },
        { label: MENU_LABELS.companies, to: '/companies-table' },
        // Where mail waits when no SMTP_URL is set (docs/product.md §F5); our label, docs/product.md has no outbox.
        { label: 'OUTBOX', to: '/mail-outbox' },
      ]
    : [];
  // Staff land on the projects table; a client's projects live on their project page, reached from "/".
  const projects: NavEntry | null = actor
    ? { label: MENU_LABELS.projects, to: can(actor, 'project:list') ? '/projects-table' : '/' }
    : null;
  // The staff Calls screen (docs/product.md §F1): the list for call managers, the private calendar feed for all staff.
  const calls: NavEntry | null = can(actor, 'calendar-feed:use') ? { label: 'CALLS', to: '/calls' } : null;
  return { signedIn: actor !== null, isAdmin, admin, projects, calls };
}

/** SIGN OUT: the call, then the sign-in page (whatever the call answered, the local session is over). */
export function useSignOut() {
  const logout = useLogout();
  const navigate = useNavigate();
  const signOut = () =>
    logout.mutate(undefined, { onSettled: () => navigate('/login/signin', { replace: true }) });
  return { signOut, pending: logout.isPending };
}

type IconType = ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>;

/** An icon beside each navigation entry (docs/product.md §F5), by its target; the label stays the name. */
const NAV_ICONS: Record<string, IconType> = {
  '/project-settings': IconSettings,
  '/users-table': IconUsers,
  '/teams-table': IconUsersGroup,
  '/companies-table': IconBuilding,
  '/mail-outbox': IconMail,
  '/projects-table': IconFolders,
  '/': IconFolders,
  '/calls': IconPhone,
  '/login/signin': IconLogin2,
  'sign-out': IconLogout2,
  '/create-user': IconPlus,
  '/create-company': IconPlus,
  '/create-team': IconPlus,
  '/create-project': IconPlus,
};

export function NavIcon({ to }: { to: string }) {
  const Icon = NAV_ICONS[to];
  return Icon ? <Icon size={18} stroke={1.8} aria-hidden /> : null;
}

export function HeaderLink({
  entry,
  className,
  onClick,
}: {
  entry: NavEntry;
  className: string;
  onClick?: () => void;
}) {
  return (
    <NavLink to={entry.to} end className={className} onClick={onClick}>
      <NavIcon to={entry.to} />
      {entry.label}
    </NavLink>
  );
}

export function ChevronDown() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
