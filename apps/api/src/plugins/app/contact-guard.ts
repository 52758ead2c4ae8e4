import { isContactField, mayReadContacts, type Role } from '@dd/domain';
import fp from 'fastify-plugin';

type Resource = { type?: unknown; id?: unknown; attributes?: Record<string, unknown> };

/** Nulls every contact attribute of every resource in a JSON:API document, except the viewer's own. */
export function hideContactsOfOthers(document: unknown, viewerId: number): boolean {
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
    if (resource.attributes && typeof resource.attributes === 'object' && !own) {
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

/**
 * readonlyManager never receives the e-mail, phone or login of anyone else (docs/product.md §C6; docs/product.md §F4
 * finding 6). The presenters already leave them out; this is the net under them, for every answer of
 * the API (pre-serialized list pages included). Registered before compression so it sees plain JSON.
 */
export default fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const actor = (request as { actor?: { id: number; role: Role } | null }).actor;
      if (!actor || mayReadContacts(actor) || typeof payload !== 'string') return payload;
      const type = String(reply.getHeader('content-type') ?? '');
      if (!/json/.test(type)) return payload;
      let document: unknown;
      try {
        document = JSON.parse(payload);
      } catch {
        return payload;
      }
      return hideContactsOfOthers(document, actor.id) ? JSON.stringify(document) : payload;
    });
  },
  { name: 'contact-guard' },
);
