import type { Actor } from './roles.ts';

/**
 * Which fields a role may read, in one place: the presenters, the contact net under them
 * (api plugins/app/contact-guard.ts) and the lists' filters and sorts all ask here, so a field a
 * role does not receive can neither be filtered nor sorted on by that role (a `like` filter or a sort
 * on a hidden column answers whether a guess matches, one request at a time).
 *
 * A contact field is a way to reach a person: an e-mail, phone or login, under any prefix
 * (`owner-phone`, `client.phone`, `user-email`), or the outbox's recipient (`to`).
 */
const CONTACT_FIELD = /^(?:.*[-_.])?(?:email|phone|login)$/i;
const OTHER_CONTACT_FIELDS: ReadonlySet<string> = new Set(['to']);

export function isContactField(name: string): boolean {
  return CONTACT_FIELD.test(name) || OTHER_CONTACT_FIELDS.has(name);
}

/** readonlyManager never receives anyone else's e-mail, phone or login (client spec §6). */
export function mayReadContacts(actor: Actor): boolean {
  return actor !== null && actor.role !== 'readonlyManager';
}

/** May this actor read (and so filter or sort on) this field of someone else's record? */
export function mayReadField(actor: Actor, name: string): boolean {
  return !isContactField(name) || mayReadContacts(actor);
}
