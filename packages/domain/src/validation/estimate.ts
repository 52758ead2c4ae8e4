import { ESTIMATE_MAX_CHARS } from '../limits.ts';

/**
 * Task estimate input (admin §5): at most 14 characters and a leading zero stripped ('05' → '5').
 * A lone '0' and decimals such as '0.5' keep their zero, since stripping would change the number.
 */
export function normalizeEstimateInput(input: string): string {
  return input
    .trim()
    .replace(/^0+(?=\d)/, '')
    .slice(0, ESTIMATE_MAX_CHARS);
}
