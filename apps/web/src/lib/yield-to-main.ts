/**
 * Ends the current main-thread task and resolves at the start of a new one, so the browser can paint and
 * answer input in between: work split this way counts as several short tasks instead of one long one
 * (Lighthouse total blocking time, docs/product.md §D8; docs/adr/0036). `scheduler.yield()` where the
 * browser has it (its continuation runs before other queued tasks), a zero timeout elsewhere.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
