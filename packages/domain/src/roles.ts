/** The eight roles. The admin spec (§1) says the list is fixed; order matches the role picker. */
export const ROLES = [
  'client',
  'superAdmin',
  'admin',
  'accountManager',
  'developer',
  'projectManager',
  'readonlyManager',
  'assistant',
] as const;

export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  client: 'Product owner',
  superAdmin: 'Grand admin',
  admin: 'Admin',
  accountManager: 'Account manager',
  developer: 'Developer',
  projectManager: 'Project manager',
  readonlyManager: 'Readonly manager',
  assistant: 'Assistant',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** "Admin-level" in docs/product.md means admin or superAdmin. */
export function isAdminRole(role: Role): boolean {
  return role === 'admin' || role === 'superAdmin';
}

/**
 * Who stands above whom when users are managed: superAdmin above admin above the rest of the staff above
 * a client. Nobody may deactivate, edit or re-role a user ranked above themselves (permissions.ts,
 * 'user:manage').
 */
export const ROLE_RANK: Readonly<Record<Role, number>> = {
  client: 0,
  developer: 1,
  projectManager: 1,
  accountManager: 1,
  readonlyManager: 1,
  assistant: 1,
  admin: 2,
  superAdmin: 3,
};

/** True when `actor` ranks at least as high as `target` (ROLE_RANK). */
export function ranksAtLeast(actor: Role, target: Role): boolean {
  return ROLE_RANK[actor] >= ROLE_RANK[target];
}

/** Staff is every role except the client (product owner). */
export function isStaffRole(role: Role): boolean {
  return role !== 'client';
}

export const HELP_NEEDED = ['yes', 'no', 'not_sure'] as const;
export type HelpNeeded = (typeof HELP_NEEDED)[number];

export const HELP_NEEDED_LABELS: Readonly<Record<HelpNeeded, string>> = {
  yes: 'Needed',
  no: 'Not needed',
  not_sure: 'Maybe',
};

export const HELP_NEEDED_OPTIONS: ReadonlyArray<{ value: HelpNeeded; label: string }> = HELP_NEEDED.map(
  (value) => ({ value, label: HELP_NEEDED_LABELS[value] }),
);

/** The signed-in user, or null for an anonymous visitor. */
export type Actor = { id: number; role: Role } | null;
