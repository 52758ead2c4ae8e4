import { createContext, useContext } from 'react';

/** What the page's parts need from the first-visit tour (docs/product.md §C4). */
export type Tour = {
  step: number;
  /** The attach-documents hint is showing (step 2). */
  attachHint: boolean;
  /** Clicking a hint advances one step. */
  advance: () => void;
  /** The attach control was opened at step 2. */
  attachOpened: () => void;
  /** The attach control closed (files chosen) after being opened at step 2: on to step 3. */
  attachClosed: () => void;
};

export const TourContext = createContext<Tour | null>(null);

/** The tour, or null when there is none (not the owning client, or finished). */
export function useTour(): Tour | null {
  return useContext(TourContext);
}
