import { useMediaQuery } from '@mantine/hooks';

/** Phones: the product's smallest breakpoint (docs/product.md §A9). */
export const PHONE_QUERY = '(max-width: 575px)';

/**
 * Whether `query` matches, read while rendering (the app has no server rendering, so `matchMedia` is
 * there). Mantine's default answers `false` first and the real value from an effect: a component then
 * rendered twice on every load (the whole board, the booking modal) and changed its layout after its
 * first paint.
 */
export function useMediaMatch(query: string): boolean {
  return useMediaQuery(query, false, { getInitialValueInEffect: false });
}
