import { type Actor, type AnswerData, isRole, type ResourceStub, type Role } from '@dd/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError, read } from '../../../lib/api-client.ts';

/** The signed-in user as the shell needs it. */
export type SessionUser = {
  id: number;
  name: string;
  login: string;
  email: string;
  avatar: string | null;
  role: Role;
  /** The project this client opened last (remembered per user), for the root redirect. */
  lastProjectId: number | null;
  /** The newest project this client owns, the root redirect's second choice. */
  newestProjectId: number | null;
};

/** null: an anonymous visitor. */
export type Session = SessionUser | null;

export const sessionQueryKey = ['session'] as const;

/** The signed-in user's answer: its role related as the role item, whose id is the role. */
type SessionRecord = AnswerData<'GET /api/authorization/check', { role: ResourceStub }>;

export function toSessionUser(user: SessionRecord): SessionUser | null {
  const role = user.role.id;
  if (!isRole(role)) return null;
  return {
    id: Number(user.id),
    role,
    name: user.name,
    login: user.login ?? '',
    email: user.email ?? '',
    avatar: user.avatar || null,
    lastProjectId: user.lastProjectId ?? null,
    newestProjectId: user.newestProjectId ?? null,
  };
}

/**
 * The server marks index.html when the page request carried no session cookie: the first check of this
 * page load is then known to answer 401, so it is not made (a 401 is logged as a console error, issue
 * 13 §5). Read once: every later check (after sign-in, on a 401 elsewhere) asks the server.
 */
let knownAnonymous =
  typeof document !== 'undefined' &&
  document.querySelector('meta[name="dd-session"]')?.getAttribute('content') === 'none';

/** GET /api/authorization/check: 200 is the current user, 401 an anonymous visitor. */
export async function getSession(): Promise<Session> {
  if (knownAnonymous) {
    knownAnonymous = false;
    return null;
  }
  try {
    const { data } = await read<'GET /api/authorization/check', { role: ResourceStub }>(
      'GET /api/authorization/check',
      {
        params: { include: 'role' },
        suppressErrorToast: true,
      },
    );
    return data ? toSessionUser(data) : null;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: getSession,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

export function useSessionQuery() {
  return useQuery(sessionQueryOptions());
}

/** The current user, or null for a visitor. Only used below the session gate, where it is known. */
export function useSession(): Session {
  return useSessionQuery().data ?? null;
}

/** The permission subject for `can()` from @dd/domain. */
export function toActor(session: Session): Actor {
  return session ? { id: session.id, role: session.role } : null;
}

export function useActor(): Actor {
  return toActor(useSession());
}
