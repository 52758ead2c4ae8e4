import type { Actor, Role } from './roles.ts';

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

/**
 * Whether the actor may receive this person's e-mail, phone and login (docs/product.md §C6): their own
 * always; readonlyManager nobody else's; a client no other client's (an invited co-client sees the
 * owner's name, not how to reach them, and the owner the co-client's likewise), but the staff's.
 */
export function mayReadContactsOf(actor: Actor, person: { id: number; role: Role | string }): boolean {
  if (actor === null) return false;
  if (actor.id === person.id) return true;
  if (!mayReadContacts(actor)) return false;
  return !(actor.role === 'client' && person.role === 'client');
}

/** May this actor read (and so filter or sort on) this field of someone else's record? */
export function mayReadField(actor: Actor, name: string): boolean {
  return !isContactField(name) || mayReadContacts(actor);
}
