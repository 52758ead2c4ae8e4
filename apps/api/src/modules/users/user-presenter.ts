import { mayReadContactsOf, type Role } from '@dd/domain';
import { users } from '../../db/schema/index.ts';
import { emailForDisplay } from '../../lib/email-display.ts';
import type { Resource } from '../../lib/jsonapi/document.ts';
import { ref, refs } from '../../lib/jsonapi/document.ts';

/** The columns `presentUser` needs, to select in any query that presents users (never the password hash). */
export const presentableUserColumns = {
  id: users.id,
  name: users.name,
  login: users.login,
  email: users.email,
  phone: users.phone,
  avatar: users.avatar,
  role: users.role,
  timezone: users.timezone,
  helpNeeded: users.helpNeeded,
  companyId: users.companyId,
  createdAt: users.createdAt,
};

export type UserRow = {
  id: number;
  name: string;
  login: string;
  email: string;
  phone: string | null;
  avatar: string | null;
  role: string;
  timezone: string | null;
  helpNeeded: string | null;
  companyId: number | null;
  createdAt: Date;
  lastProjectId?: number | null;
};

export type UserPresentOptions = {
  /** readonlyManager never receives phone, e-mail or login of others. */
  hideContacts?: boolean;
  /** Who reads it: a client does not receive another client's contacts (mayReadContactsOf). */
  viewer?: { id: number; role: Role };
  teamIds?: number[];
  techIds?: number[];
  ownProjectIds?: number[];
  extra?: Record<string, unknown>;
};

/** Every field a user resource may carry, listed; no password hash or token can pass through. */
export function presentUser(user: UserRow, options: UserPresentOptions = {}): Resource {
  const hide =
    options.hideContacts === true ||
    (options.viewer !== undefined && !mayReadContactsOf(options.viewer, user));
  return {
    type: 'user',
    id: String(user.id),
    attributes: {
      name: user.name,
      // The login is the e-mail for wizard and invited users, so it is a contact too.
      login: hide ? null : emailForDisplay(user.login),
      email: hide ? null : emailForDisplay(user.email),
      phone: hide ? null : user.phone,
      avatar: user.avatar,
      role: user.role,
      timezone: user.timezone,
      'help-needed': user.helpNeeded,
      created: user.createdAt.toISOString(),
      ...options.extra,
    },
    relationships: {
      role: { data: ref('role', user.role) },
      company: { data: ref('company', user.companyId) },
      ...(options.teamIds ? { team: { data: refs('team', options.teamIds) } } : {}),
      ...(options.techIds ? { tech: { data: refs('tech', options.techIds) } } : {}),
      ...(options.ownProjectIds ? { ownProject: { data: refs('project', options.ownProjectIds) } } : {}),
    },
  };
}

export function presentRole(role: { itemName: string; title: string }): Resource {
  return { type: 'role', id: role.itemName, attributes: { 'item-name': role.itemName, title: role.title } };
}
