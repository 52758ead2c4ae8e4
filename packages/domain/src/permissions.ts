import { mayReadContacts } from './field-visibility.ts';
import { type Actor, isAdminRole, isStaffRole, type Role, ranksAtLeast } from './roles.ts';

export type { Actor } from './roles.ts';

/**
 * What a project rule needs to know about a project: its owner and its client users; for the rules that
 * name "the project's project manager", the ids of its members of kind projectManager.
 */
export type ProjectRef = { ownerId: number | null; clientIds?: number[]; managerIds?: number[] };

/** What a user rule needs to know about the user: its id, and its role for 'user:manage'. */
export type UserRef = { id: number; role?: Role };

/** Actions that do not depend on a particular record. */
export type GlobalAction =
  | 'admin:access'
  | 'access-token:use'
  | 'access-token:manage-all'
  | 'project:list'
  | 'project:create'
  | 'board:use'
  | 'project:list-own'
  | 'chat:use'
  | 'calls:manage'
  | 'work-hours:edit'
  | 'calendar-feed:use'
  | 'digest:manage-own'
  | 'notification:use';

/** Actions decided against one project. */
export type ProjectAction =
  | 'project:read'
  | 'project:update'
  | 'project:delete'
  | 'project:manage-team'
  | 'project:add-observer'
  | 'project:attach'
  | 'project:delete-attachment'
  | 'project:settings-panel'
  | 'file:download'
  | 'project:see-contacts'
  | 'project:post-update'
  | 'project:reply-by-email'
  | 'project:book-call'
  | 'project:change-call'
  | 'project:see-calls'
  | 'project:tour'
  | 'project:board'
  | 'project:git-read'
  | 'project:git-manage'
  | 'project:read-deliveries'
  | 'project:decide-delivery'
  | 'project:report'
  | 'project:chat-read'
  | 'project:chat-post'
  | 'project:chat-moderate'
  | 'time:log'
  | 'time:read-others'
  | 'time:manage'
  | 'billing:read-rates'
  | 'billing:manage'
  | 'project:budget'
  | 'invoice:read-drafts'
  | 'invoice:read-issued'
  | 'invoice:create'
  | 'invoice:issue'
  | 'invoice:pay'
  | 'invoice:void';

/** Actions decided against one user record. */
export type UserAction = 'user:read-self' | 'user:read' | 'user:manage';

export type Action = GlobalAction | ProjectAction | UserAction;

export const GLOBAL_ACTIONS: readonly GlobalAction[] = [
  'admin:access',
  'access-token:use',
  'access-token:manage-all',
  'project:list',
  'project:create',
  'board:use',
  'project:list-own',
  'chat:use',
  'calls:manage',
  'work-hours:edit',
  'calendar-feed:use',
  'digest:manage-own',
  'notification:use',
];
export const PROJECT_ACTIONS: readonly ProjectAction[] = [
  'project:read',
  'project:update',
  'project:delete',
  'project:manage-team',
  'project:add-observer',
  'project:attach',
  'project:delete-attachment',
  'project:settings-panel',
  'file:download',
  'project:see-contacts',
  'project:post-update',
  'project:reply-by-email',
  'project:book-call',
  'project:change-call',
  'project:see-calls',
  'project:tour',
  'project:board',
  'project:git-read',
  'project:git-manage',
  'project:read-deliveries',
  'project:decide-delivery',
  'project:report',
  'project:chat-read',
  'project:chat-post',
  'project:chat-moderate',
  'time:log',
  'time:read-others',
  'time:manage',
  'billing:read-rates',
  'billing:manage',
  'project:budget',
  'invoice:read-drafts',
  'invoice:read-issued',
  'invoice:create',
  'invoice:issue',
  'invoice:pay',
  'invoice:void',
];
export const USER_ACTIONS: readonly UserAction[] = ['user:read-self', 'user:read', 'user:manage'];
export const ACTIONS: readonly Action[] = [...GLOBAL_ACTIONS, ...PROJECT_ACTIONS, ...USER_ACTIONS];

type SignedIn = NonNullable<Actor>;

export function isProjectOwner(actor: Actor, project: ProjectRef): boolean {
  return actor !== null && project.ownerId !== null && project.ownerId === actor.id;
}

function isProjectClient(actor: SignedIn, project: ProjectRef): boolean {
  return isProjectOwner(actor, project) || (project.clientIds ?? []).includes(actor.id);
}

function canRead(actor: SignedIn, project: ProjectRef): boolean {
  // Staff work across all projects (the projects table lists them all, docs/product.md §A6);
  // a client sees only the projects they own or are listed on as a client.
  return isStaffRole(actor.role) || isProjectClient(actor, project);
}

/**
 * Attach control (docs/product.md §C6): admin and superAdmin, or the owner. With `isClient` the caller asks
 * "is this person the owning client?", so admins are not treated as owner.
 */
export function canAttach(actor: Actor, project: ProjectRef, options: { isClient?: boolean } = {}): boolean {
  if (actor === null) return false;
  if (options.isClient) return isProjectOwner(actor, project);
  return isAdminRole(actor.role) || isProjectOwner(actor, project);
}

/** Who handles a project's money (docs/product.md §F10): admin-level users and account managers. */
function handlesMoney(actor: SignedIn): boolean {
  return isAdminRole(actor.role) || actor.role === 'accountManager';
}

/** Who reads a project's rates, drafts and everyone's time: those who handle money, and project managers. */
function readsMoney(actor: SignedIn): boolean {
  return handlesMoney(actor) || actor.role === 'projectManager';
}

function canManageTeam(actor: SignedIn): boolean {
  return isAdminRole(actor.role) || actor.role === 'projectManager' || actor.role === 'accountManager';
}

const globalRules: Record<GlobalAction, (actor: SignedIn) => boolean> = {
  'admin:access': (a) => isAdminRole(a.role),
  // Personal access tokens (ADR 0052): everyone signed in makes their own; admins see and revoke all.
  'access-token:use': () => true,
  'access-token:manage-all': (a) => isAdminRole(a.role),
  // Admin docs/product.md §A6: the projects table is for everyone except clients.
  'project:list': (a) => isStaffRole(a.role),
  // Only admin-level users see the create forms (docs/product.md §A6); clients create projects through the
  // get-started wizard, which is the register-client call, not this action.
  'project:create': (a) => isAdminRole(a.role),
  // The board is for staff roles and blocked for readonlyManager (docs/product.md §A1, §A6).
  'board:use': (a) => isStaffRole(a.role) && a.role !== 'readonlyManager',
  // The shell's projects strip lists a client's own projects; it is for clients only (docs/product.md §C2, §C6).
  'project:list-own': (a) => a.role === 'client',
  // The optional live-chat widget is shown only to clients (docs/product.md §C1, §C6).
  'chat:use': (a) => a.role === 'client',
  // The staff Calls screen and its actions (docs/product.md §F1): admin-level users, account and project managers.
  // They read every project (project list scope 'all' for staff), so they see every project's calls.
  'calls:manage': (a) => isAdminRole(a.role) || a.role === 'accountManager' || a.role === 'projectManager',
  // Company work hours and days off are a company setting: admin-level users only (docs/product.md §F1).
  'work-hours:edit': (a) => isAdminRole(a.role),
  // A private calendar feed of one's calls (docs/product.md §F1): every staff member (see callFeedScope).
  'calendar-feed:use': (a) => isStaffRole(a.role),
  // The daily digest of updates goes to clients only; each turns their own on and off (docs/product.md §F2).
  'digest:manage-own': (a) => a.role === 'client',
  // Everyone signed in has a notification centre and chooses what reaches them (their own rows only).
  'notification:use': () => true,
};

const projectRules: Record<ProjectAction, (actor: SignedIn, project: ProjectRef) => boolean> = {
  'project:read': canRead,
  // Client docs/product.md §A6: Save is shown to admin, superAdmin, projectManager, and a client only if owner.
  'project:update': (a, p) =>
    isAdminRole(a.role) || a.role === 'projectManager' || (a.role === 'client' && isProjectOwner(a, p)),
  'project:delete': (a) => isAdminRole(a.role),
  // The spec hides which roles may edit the team ("a helper check"); we allow the people who run a
  // project's staffing: admin-level users, its project managers and its account managers.
  'project:manage-team': (a) => canManageTeam(a),
  // Adding a registered person as an observer is the other half of inviting (docs/product.md §A8): exactly the
  // staff who may invite to the project (POST /invitation/create authorizes 'project:manage-team').
  'project:add-observer': (a) => canManageTeam(a),
  'project:attach': (a, p) => canAttach(a, p),
  // readonlyManager never sees delete controls (docs/product.md §C6).
  'project:delete-attachment': (a, p) => a.role !== 'readonlyManager' && canAttach(a, p),
  // Admin docs/product.md §A6: the project settings panel is visible only to admins or the project's owner.
  'project:settings-panel': (a, p) => isAdminRole(a.role) || isProjectOwner(a, p),
  // readonlyManager cannot download files (docs/product.md §C6).
  'file:download': (a, p) => canRead(a, p) && a.role !== 'readonlyManager',
  // readonlyManager does not see the owner's or the account manager's phone or e-mail (docs/product.md §C6).
  // The same rule drives what lists may filter and sort on (field-visibility.ts).
  'project:see-contacts': (a, p) => canRead(a, p) && mayReadContacts(a),
  // ADD UPDATE is hidden for readonlyManager, assistant and client (docs/product.md §C6).
  'project:post-update': (a, p) =>
    canRead(a, p) && a.role !== 'readonlyManager' && a.role !== 'assistant' && a.role !== 'client',
  // "Other roles may reply to an update by e-mail link (not readonlyManager)": other than the owning client.
  'project:reply-by-email': (a, p) => canRead(a, p) && isStaffRole(a.role) && a.role !== 'readonlyManager',
  // The discovery-call prompt and the tour guide show only to the owner with role client (docs/product.md §C4, §C6).
  'project:book-call': (a, p) => a.role === 'client' && isProjectOwner(a, p),
  'project:tour': (a, p) => a.role === 'client' && isProjectOwner(a, p),
  // The project's clients (its owner and its client users) move or cancel its open discovery call
  // (docs/product.md §C9); staff change any call by 'calls:manage'.
  'project:change-call': (a, p) => a.role === 'client' && isProjectClient(a, p),
  // Every call of a project's task board (docs/product.md §A7): staff except readonlyManager, as board:use.
  'project:board': (a) => isStaffRole(a.role) && a.role !== 'readonlyManager',
  // The review of delivered work (docs/adr/0021-delivery-review-and-report.md): the project's clients and
  // every staff member who reads the project see its delivered, accepted and rejected tasks.
  'project:read-deliveries': canRead,
  // The person who asked for the work accepts it: the project's clients; staff who work the board keep
  // their Accept and Reject, except the assistant. readonlyManager cannot decide.
  'project:decide-delivery': (a, p) =>
    a.role === 'client'
      ? isProjectClient(a, p)
      : isStaffRole(a.role) && a.role !== 'readonlyManager' && a.role !== 'assistant',
  // The performance report: the project's clients and staff (readonlyManager reads the same numbers).
  'project:report': canRead,
  // Staff see every discovery call booked on a project they can read, pending approval ones included.
  'project:see-calls': (a, p) => isStaffRole(a.role) && canRead(a, p),
  // The Git tab's activity: whoever reads the project, its clients and readonlyManager included.
  'project:git-read': canRead,
  // Connecting, rotating and disconnecting a repository: admin-level users and the project's own
  // project managers (a projectManager member of it), not every project manager.
  'project:git-manage': (a, p) =>
    isAdminRole(a.role) || (a.role === 'projectManager' && (p.managerIds ?? []).includes(a.id)),
  // Project chat (docs/adr/0022-project-chat.md): whoever reads the project reads its conversation;
  // everyone but readonlyManager writes; admins may delete anyone's message (authors their own: chat.ts).
  'project:chat-read': canRead,
  'project:chat-post': (a, p) => canRead(a, p) && a.role !== 'readonlyManager',
  'project:chat-moderate': (a, p) => canRead(a, p) && isAdminRole(a.role),
  // Billing (docs/product.md §F10, docs/adr/0049). Staff who work the board log their own time.
  'time:log': (a) => isStaffRole(a.role) && a.role !== 'readonlyManager',
  'time:read-others': (a) => readsMoney(a),
  // Editing or deleting someone else's entry (until invoiced): admin-level users and the project's own
  // project managers; authors edit their own by 'time:log'.
  'time:manage': (a, p) =>
    isAdminRole(a.role) || (a.role === 'projectManager' && (p.managerIds ?? []).includes(a.id)),
  'billing:read-rates': (a) => readsMoney(a),
  'billing:manage': (a) => handlesMoney(a),
  // The Budget card: the project's clients and the staff who read money. readonlyManager sees no money.
  'project:budget': (a, p) => (a.role === 'client' ? isProjectClient(a, p) : readsMoney(a)),
  'invoice:read-drafts': (a) => readsMoney(a),
  // Issued, paid and void invoices: the project's clients too, never a draft, never another company's.
  'invoice:read-issued': (a, p) => (a.role === 'client' ? isProjectClient(a, p) : readsMoney(a)),
  'invoice:create': (a) => handlesMoney(a),
  'invoice:issue': (a) => handlesMoney(a),
  'invoice:pay': (a) => handlesMoney(a),
  'invoice:void': (a) => handlesMoney(a),
};

const userRules: Record<UserAction, (actor: SignedIn, user: UserRef) => boolean> = {
  'user:read-self': (a, u) => a.id === u.id,
  // Staff need other users' profiles (team lists, edit user, account manager card); a client only their own.
  'user:read': (a, u) => a.id === u.id || isStaffRole(a.role),
  // Deactivate, edit on the users screens, or change the role of a user (and give a role: pass the new
  // role as `role`): admin-level users, never on a user ranked above them (ROLE_RANK). A user without a
  // known role is refused. The last active superAdmin is kept by the server (it needs a count).
  'user:manage': (a, u) => isAdminRole(a.role) && u.role !== undefined && ranksAtLeast(a.role, u.role),
};

/**
 * A role change (or a new user, `current` null) is allowed when the actor may manage the user as they
 * are and as they would be: an admin neither touches a superAdmin nor makes one.
 */
export function mayChangeRole(
  actor: NonNullable<Actor>,
  user: { id: number; current: Role | null; next: Role },
): boolean {
  return (
    (user.current === null || can(actor, 'user:manage', { id: user.id, role: user.current })) &&
    can(actor, 'user:manage', { id: user.id, role: user.next })
  );
}

function isGlobalAction(action: Action): action is GlobalAction {
  return action in globalRules;
}
function isProjectAction(action: Action): action is ProjectAction {
  return action in projectRules;
}

/**
 * The one permission check used by the server (to enforce) and the web app (to decide what to show).
 * Anonymous actors may do nothing. A record action called without its record is denied.
 */
export function can(actor: Actor, action: GlobalAction): boolean;
export function can(actor: Actor, action: ProjectAction, project: ProjectRef): boolean;
export function can(actor: Actor, action: UserAction, user: UserRef): boolean;
export function can(actor: Actor, action: Action, resource?: ProjectRef | UserRef): boolean {
  return check(actor, action, resource);
}

function check(actor: Actor, action: Action, resource: ProjectRef | UserRef | undefined): boolean {
  if (actor === null) return false;
  if (isGlobalAction(action)) return globalRules[action](actor);
  if (resource === undefined) return false;
  if (isProjectAction(action)) {
    return 'ownerId' in resource ? projectRules[action](actor, resource) : false;
  }
  return 'id' in resource ? userRules[action](actor, resource) : false;
}

export class PermissionDeniedError extends Error {
  readonly action: Action;
  constructor(action: Action) {
    super(`Not allowed: ${action}`);
    this.name = 'PermissionDeniedError';
    this.action = action;
  }
}

/** Throwing form of `can`, for services that authorize once before any change. */
export function assertCan(actor: Actor, action: GlobalAction): void;
export function assertCan(actor: Actor, action: ProjectAction, project: ProjectRef): void;
export function assertCan(actor: Actor, action: UserAction, user: UserRef): void;
export function assertCan(actor: Actor, action: Action, resource?: ProjectRef | UserRef): void {
  if (!check(actor, action, resource)) {
    throw new PermissionDeniedError(action);
  }
}

export type ProjectListScope = { kind: 'all' } | { kind: 'client'; userId: number } | { kind: 'none' };

/**
 * Which projects a project search returns. Staff see all; a client sees the projects they own or are a
 * client of (the carousel strip and the root redirect need them, even though the projects table is staff
 * only); anonymous sees none.
 */
export function projectListScope(actor: Actor): ProjectListScope {
  if (actor === null) return { kind: 'none' };
  if (isStaffRole(actor.role)) return { kind: 'all' };
  return { kind: 'client', userId: actor.id };
}

/** Applies a scope to an in-memory project, for callers that filter rather than query. */
export function isInProjectScope(scope: ProjectListScope, project: ProjectRef): boolean {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'none') return false;
  return project.ownerId === scope.userId || (project.clientIds ?? []).includes(scope.userId);
}

/**
 * Which calls a staff member's calendar feed carries (docs/product.md §F1): admin-level users every call; an
 * account manager the calls of projects they manage; everyone else on staff the calls of projects they
 * are a member of (developer, project manager, observer); a client none.
 */
export type CallFeedScope = { kind: 'all' } | { kind: 'assigned'; userId: number } | { kind: 'none' };
export function callFeedScope(actor: Actor): CallFeedScope {
  if (actor === null || !isStaffRole(actor.role)) return { kind: 'none' };
  if (isAdminRole(actor.role)) return { kind: 'all' };
  return { kind: 'assigned', userId: actor.id };
}
