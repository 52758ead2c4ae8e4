import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.ts';

export const NUL_TITLE = 'Text may not contain the NUL character (\\u0000)';

/** JSON pointer of a path (RFC 6901: `~` and `/` escaped). */
function pointerOf(path: (string | number)[]) {
  if (path.length === 0) return '';
  return `/${path.map((p) => String(p).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * The path to the first string (value or key) holding U+0000, or null. Iterative, so a body nested
 * thousands of levels deep cannot overflow the stack, and linear: each node keeps its parent, and a path
 * is built only for the string found (copying the path at every level made a deep body quadratic).
 */
export function findNul(root: unknown): (string | number)[] | null {
  type Node = { value: unknown; key: string | number; parent: Node | null };
  const pathOf = (node: Node | null, last?: string) => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let n = node; n?.parent; n = n.parent) path.push(n.key);
    return path.reverse();
  };
  const stack: Node[] = [{ value: root, key: '', parent: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathOf(node);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: node });
    } else if (isPlainObject(value)) {
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\u0000')) return pathOf(node, key);
        stack.push({ value: child, key, parent: node });
      }
    }
  }
  return null;
}

/**
 * One place for input no route can store: PostgreSQL refuses U+0000 in text, so a JSON body or query
 * string holding it is refused before validation (docs/product.md §F4), with where it was found.
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const inQuery = findNul(request.query);
      if (inQuery)
        throw new AppError('bad_request', {
          title: NUL_TITLE,
          parameter: inQuery.map((p, i) => (i === 0 ? String(p) : `[${p}]`)).join('') || 'query',
        });
      // Only parsed JSON is looked at (plain objects, arrays, strings); streams and buffers are skipped.
      const inBody = findNul(request.body);
      if (inBody) throw new AppError('unprocessable', { title: NUL_TITLE, pointer: pointerOf(inBody) });
    });
  },
  { name: 'input-guard', dependencies: ['errors'] },
);
