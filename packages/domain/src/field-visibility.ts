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
/** The outbox's recipient: a contact field of a `mail` resource (and of the outbox list), not any `to`. */
const RECIPIENT_FIELD = 'to';

/**
 * Whether a field is a way to reach a person. `resourceType`, when given, is the type of the resource
 * that carries it: `to` is an address only on the outbox's `mail` (a report's `to` is a date).
 */
export function isContactField(name: string, resourceType?: string): boolean {
  if (CONTACT_FIELD.test(name)) return true;
  return name === RECIPIENT_FIELD && (resourceType === undefined || resourceType === 'mail');
}

/** readonlyManager never receives anyone else's e-mail, phone or login (docs/product.md §C6). */
export function mayReadContacts(actor: Actor): boolean {
  return actor !== null && actor.role !== 'readonlyManager';
}

/** May this actor read (and so filter or sort on) this field of someone else's record? */
export function mayReadField(actor: Actor, name: string): boolean {
  return !isContactField(name) || mayReadContacts(actor);
}
