import { isContactField, mayReadContacts, mayReadContactsOf, type Role } from '@dd/domain';
import fp from 'fastify-plugin';

type Resource = { type?: unknown; id?: unknown; attributes?: Record<string, unknown> };

/**
 * Nulls contact attributes in a JSON:API document: by default of every resource but the viewer's own
 * user; with `hides`, only of the resources it names.
 */
export function hideContactsOfOthers(
  document: unknown,
  viewerId: number,
  hides: (resource: Resource) => boolean = () => true,
): boolean {
  let changed = false;
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    if (!node || typeof node !== 'object') continue;
    const resource = node as Resource;
    const own = resource.type === 'user' && String(resource.id) === String(viewerId);
    if (resource.attributes && typeof resource.attributes === 'object' && !own && hides(resource)) {
      for (const [key, value] of Object.entries(resource.attributes))
        if (isContactField(key, String(resource.type)) && value !== null) {
          resource.attributes[key] = null;
          changed = true;
        }
    }
    for (const value of Object.values(node)) if (value && typeof value === 'object') stack.push(value);
  }
  return changed;
}

/** A client's answer: the users of role client (other than the viewer) lose their contacts. */
const otherClient = (viewer: { id: number; role: Role }) => (resource: Resource) =>
  resource.type === 'user' &&
  !mayReadContactsOf(viewer, { id: Number(resource.id), role: String(resource.attributes?.role) });

/**
 * readonlyManager never receives the e-mail, phone or login of anyone else, and a client none of another
 * client's (docs/product.md §C6; docs/product.md §F4 finding 6). The presenters already leave them out;
 * this is the net under them, for every answer of the API (pre-serialized list pages included).
 * Registered before compression so it sees plain JSON. A client's answer is parsed only when it names
 * a user of role client.
 */
export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const actor = (request as { actor?: { id: number; role: Role } | null }).actor;
      if (!actor || typeof payload !== 'string') return payload;
      const clientViewer = actor.role === 'client';
      if (mayReadContacts(actor) && !(clientViewer && payload.includes('"role":"client"'))) return payload;
      const type = String(reply.getHeader('content-type') ?? '');
      if (!/json/.test(type)) return payload;
      let document: unknown;
      try {
        document = JSON.parse(payload);
      } catch {
        return payload;
      }
      const hides = clientViewer && mayReadContacts(actor) ? otherClient(actor) : undefined;
      return hideContactsOfOthers(document, actor.id, hides) ? JSON.stringify(document) : payload;
    });
  },
  { name: 'contact-guard' },
);
