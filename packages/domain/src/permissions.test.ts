import { describe, expect, it } from 'vitest';
import {
  type Action,
  type Actor,
  assertCan,
  can,
  canAttach,
  GLOBAL_ACTIONS,
  isInProjectScope,
  mayChangeRole,
  PermissionDeniedError,
  PROJECT_ACTIONS,
  type ProjectAction,
  type ProjectRef,
  projectListScope,
  USER_ACTIONS,
} from './permissions.ts';
import { ROLES, type Role } from './roles.ts';

const ME = 7;
const ownProject: ProjectRef = { ownerId: ME, clientIds: [ME], managerIds: [ME] };
const otherProject: ProjectRef = { ownerId: 99, clientIds: [98] };

const ALL = [...ROLES];
const STAFF: Role[] = ALL.filter((r) => r !== 'client');
const ADMINS: Role[] = ['superAdmin', 'admin'];
const ACTIVE_STAFF: Role[] = STAFF.filter((r) => r !== 'readonlyManager');
const MONEY_HANDLERS: Role[] = ['superAdmin', 'admin', 'accountManager'];
const MONEY_READERS: Role[] = [...MONEY_HANDLERS, 'projectManager'];
const WRITERS: Role[] = ['superAdmin', 'admin', 'accountManager', 'developer', 'projectManager'];

/** Expected roles allowed, as the owner of the project and as someone unrelated to it. */
const TABLE: Record<
  Exclude<Action, 'user:read' | 'user:read-self' | 'user:manage'>,
  { owner: Role[]; other: Role[] }
> = {
  'admin:access': { owner: ADMINS, other: ADMINS },
  'access-token:use': { owner: ALL, other: ALL },
  'access-token:manage-all': { owner: ADMINS, other: ADMINS },
  'project:list': { owner: STAFF, other: STAFF },
  'project:create': { owner: ADMINS, other: ADMINS },
  'board:use': { owner: ACTIVE_STAFF, other: ACTIVE_STAFF },
  'project:list-own': { owner: ['client'], other: ['client'] },
  'chat:use': { owner: ['client'], other: ['client'] },
  'calls:manage': {
    owner: ['superAdmin', 'admin', 'accountManager', 'projectManager'],
    other: ['superAdmin', 'admin', 'accountManager', 'projectManager'],
  },
  'work-hours:edit': { owner: ADMINS, other: ADMINS },
  'calendar-feed:use': { owner: STAFF, other: STAFF },
  'digest:manage-own': { owner: ['client'], other: ['client'] },
  'notification:use': { owner: ALL, other: ALL },
  'project:read': { owner: ALL, other: STAFF },
  'project:update': {
    owner: ['client', 'superAdmin', 'admin', 'projectManager'],
    other: ['superAdmin', 'admin', 'projectManager'],
  },
  'project:delete': { owner: ADMINS, other: ADMINS },
  'project:manage-team': {
    owner: ['superAdmin', 'admin', 'accountManager', 'projectManager'],
    other: ['superAdmin', 'admin', 'accountManager', 'projectManager'],
  },
  // Exactly those who may invite (docs/product.md §A8: a registered invitee is added as an observer).
  'project:add-observer': {
    owner: ['superAdmin', 'admin', 'accountManager', 'projectManager'],
    other: ['superAdmin', 'admin', 'accountManager', 'projectManager'],
  },
  'project:attach': { owner: ALL, other: ADMINS },
  'project:delete-attachment': { owner: ALL.filter((r) => r !== 'readonlyManager'), other: ADMINS },
  'project:settings-panel': { owner: ALL, other: ADMINS },
  'file:download': { owner: ALL.filter((r) => r !== 'readonlyManager'), other: ACTIVE_STAFF },
  'project:see-contacts': { owner: ALL.filter((r) => r !== 'readonlyManager'), other: ACTIVE_STAFF },
  'project:post-update': { owner: WRITERS, other: WRITERS },
  'project:reply-by-email': { owner: ACTIVE_STAFF, other: ACTIVE_STAFF },
  'project:book-call': { owner: ['client'], other: [] },
  'project:change-call': { owner: ['client'], other: [] },
  'project:see-calls': { owner: STAFF, other: STAFF },
  'project:tour': { owner: ['client'], other: [] },
  'project:board': { owner: ACTIVE_STAFF, other: ACTIVE_STAFF },
  'project:git-read': { owner: ALL, other: STAFF },
  // "Own" here: the project lists the caller among its project managers.
  'project:git-manage': { owner: [...ADMINS, 'projectManager'], other: ADMINS },
  'project:read-deliveries': { owner: ALL, other: STAFF },
  // The project's clients decide; staff keep their board's Accept and Reject, but not assistant or readonly.
  'project:decide-delivery': { owner: ['client', ...WRITERS], other: WRITERS },
  'project:report': { owner: ALL, other: STAFF },
  'project:chat-read': { owner: ALL, other: STAFF },
  'project:chat-post': { owner: ALL.filter((r) => r !== 'readonlyManager'), other: ACTIVE_STAFF },
  'project:chat-moderate': { owner: ADMINS, other: ADMINS },
  // Billing: readonlyManager sees no money and logs no time (docs/product.md §F10).
  'time:log': { owner: ACTIVE_STAFF, other: ACTIVE_STAFF },
  'time:read-others': { owner: MONEY_READERS, other: MONEY_READERS },
  'time:manage': { owner: [...ADMINS, 'projectManager'], other: ADMINS },
  'billing:read-rates': { owner: MONEY_READERS, other: MONEY_READERS },
  'billing:manage': { owner: MONEY_HANDLERS, other: MONEY_HANDLERS },
  'project:budget': { owner: ['client', ...MONEY_READERS], other: MONEY_READERS },
  'invoice:read-drafts': { owner: MONEY_READERS, other: MONEY_READERS },
  'invoice:read-issued': { owner: ['client', ...MONEY_READERS], other: MONEY_READERS },
  'invoice:create': { owner: MONEY_HANDLERS, other: MONEY_HANDLERS },
  'invoice:issue': { owner: MONEY_HANDLERS, other: MONEY_HANDLERS },
  'invoice:pay': { owner: MONEY_HANDLERS, other: MONEY_HANDLERS },
  'invoice:void': { owner: MONEY_HANDLERS, other: MONEY_HANDLERS },
};

function allowed(actor: Actor, action: keyof typeof TABLE, project: ProjectRef): boolean {
  return (GLOBAL_ACTIONS as readonly string[]).includes(action)
    ? can(actor, action as (typeof GLOBAL_ACTIONS)[number])
    : can(actor, action as ProjectAction, project);
}

describe('can: every role × owner/non-owner × every action', () => {
  it('covers every declared action', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...GLOBAL_ACTIONS, ...PROJECT_ACTIONS].sort());
  });

  for (const [action, expected] of Object.entries(TABLE) as [
    keyof typeof TABLE,
    { owner: Role[]; other: Role[] },
  ][]) {
    for (const role of ROLES) {
      const actor: Actor = { id: ME, role };
      it(`${action} · ${role} · owner → ${expected.owner.includes(role)}`, () => {
        expect(allowed(actor, action, ownProject)).toBe(expected.owner.includes(role));
      });
      it(`${action} · ${role} · not owner → ${expected.other.includes(role)}`, () => {
        expect(allowed(actor, action, otherProject)).toBe(expected.other.includes(role));
      });
    }
    it(`${action} · anonymous → false`, () => {
      expect(allowed(null, action, ownProject)).toBe(false);
    });
  }
});

describe('can: project details', () => {
  it('lets a client listed in clientIds read but not edit, book or tour', () => {
    const project: ProjectRef = { ownerId: 1, clientIds: [ME] };
    const client: Actor = { id: ME, role: 'client' };
    expect(can(client, 'project:read', project)).toBe(true);
    expect(can(client, 'file:download', project)).toBe(true);
    expect(can(client, 'project:update', project)).toBe(false);
    expect(can(client, 'project:book-call', project)).toBe(false);
    // …but moves or cancels the project's open call, as the owner does (docs/product.md §C9).
    expect(can(client, 'project:change-call', project)).toBe(true);
    expect(can(client, 'project:tour', project)).toBe(false);
    expect(can(client, 'project:attach', project)).toBe(false);
  });

  it('treats a project without an owner as owned by nobody', () => {
    const client: Actor = { id: ME, role: 'client' };
    expect(can(client, 'project:read', { ownerId: null })).toBe(false);
    expect(can({ id: ME, role: 'admin' }, 'project:read', { ownerId: null })).toBe(true);
  });

  it('denies a record action called without its record (plain JS callers)', () => {
    const callUntyped = can as unknown as (a: Actor, action: string) => boolean;
    expect(callUntyped({ id: 1, role: 'superAdmin' }, 'project:read')).toBe(false);
    expect(callUntyped({ id: 1, role: 'superAdmin' }, 'user:read')).toBe(false);
  });
});

describe('can: adding an observer', () => {
  it('is allowed to exactly the staff who may invite to that project, for every role and project', () => {
    for (const role of ROLES)
      for (const project of [ownProject, otherProject]) {
        const actor: Actor = { id: ME, role };
        expect(can(actor, 'project:add-observer', project), role).toBe(
          can(actor, 'project:manage-team', project),
        );
      }
  });
});

describe('canAttach', () => {
  it('treats admins as owner unless asked about the client', () => {
    const admin: Actor = { id: ME, role: 'admin' };
    expect(canAttach(admin, otherProject)).toBe(true);
    expect(canAttach(admin, otherProject, { isClient: true })).toBe(false);
    expect(canAttach(admin, ownProject, { isClient: true })).toBe(true);
    expect(canAttach({ id: ME, role: 'client' }, ownProject, { isClient: true })).toBe(true);
    expect(canAttach({ id: ME, role: 'developer' }, otherProject)).toBe(false);
    expect(canAttach(null, ownProject)).toBe(false);
  });
});

describe('user actions', () => {
  it.each(ROLES)('%s may read themself, and others only as staff', (role) => {
    const actor: Actor = { id: ME, role };
    expect(USER_ACTIONS).toEqual(['user:read-self', 'user:read', 'user:manage']);
    expect(can(actor, 'user:read-self', { id: ME })).toBe(true);
    expect(can(actor, 'user:read', { id: ME })).toBe(true);
    expect(can(actor, 'user:read-self', { id: ME + 1 })).toBe(false);
    expect(can(actor, 'user:read', { id: ME + 1 })).toBe(role !== 'client');
  });

  it('denies anonymous', () => {
    expect(can(null, 'user:read', { id: 1 })).toBe(false);
    expect(can(null, 'user:manage', { id: 1, role: 'client' })).toBe(false);
  });

  // Every actor role × every target role: admin-level users manage users ranked no higher than them.
  const RANKS: Role[][] = [['client'], STAFF.filter((r) => !ADMINS.includes(r)), ['admin'], ['superAdmin']];
  const rank = (role: Role) => RANKS.findIndex((group) => group.includes(role));
  it.each(ROLES)('%s manages (deactivates, edits, re-roles) only users ranked no higher', (role) => {
    const actor: Actor = { id: ME, role };
    for (const target of ROLES) {
      const expected = ADMINS.includes(role) && rank(role) >= rank(target);
      expect(can(actor, 'user:manage', { id: ME + 1, role: target }), `${role} → ${target}`).toBe(expected);
      expect(
        mayChangeRole(actor, { id: ME + 1, current: target, next: 'developer' }),
        `${role} → ${target}`,
      ).toBe(expected);
    }
    // Nobody gives a role above their own, and a user of unknown role is refused.
    expect(mayChangeRole(actor, { id: ME + 1, current: 'developer', next: 'superAdmin' })).toBe(
      role === 'superAdmin',
    );
    expect(can(actor, 'user:manage', { id: ME + 1 })).toBe(false);
  });
});

describe('assertCan', () => {
  it('throws a typed error naming the action', () => {
    expect(() => assertCan({ id: 1, role: 'developer' }, 'project:delete', otherProject)).toThrow(
      PermissionDeniedError,
    );
    try {
      assertCan(null, 'admin:access');
    } catch (error) {
      expect((error as PermissionDeniedError).action).toBe('admin:access');
    }
    expect(() => assertCan({ id: 1, role: 'admin' }, 'project:delete', otherProject)).not.toThrow();
  });
});

describe('projectListScope', () => {
  it('gives staff all projects, clients their own, anonymous none', () => {
    for (const role of STAFF) expect(projectListScope({ id: 3, role })).toEqual({ kind: 'all' });
    expect(projectListScope({ id: 3, role: 'client' })).toEqual({ kind: 'client', userId: 3 });
    expect(projectListScope(null)).toEqual({ kind: 'none' });
  });

  it('matches projects a client owns or is listed on', () => {
    const scope = projectListScope({ id: ME, role: 'client' });
    expect(isInProjectScope(scope, ownProject)).toBe(true);
    expect(isInProjectScope(scope, { ownerId: 1, clientIds: [ME] })).toBe(true);
    expect(isInProjectScope(scope, otherProject)).toBe(false);
    expect(isInProjectScope({ kind: 'none' }, ownProject)).toBe(false);
    expect(isInProjectScope({ kind: 'all' }, otherProject)).toBe(true);
  });
});
