import { useLocation } from 'react-router';

/** The project id is the third path segment: /project/{section}/{id} (docs/product.md §C2). */
export function useProjectIdFromPath(): number {
  const segment = useLocation().pathname.split('/')[3] ?? '';
  const id = /^\d+$/.test(segment) ? Number(segment) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}
