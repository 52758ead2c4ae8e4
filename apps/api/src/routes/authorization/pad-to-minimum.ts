import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `work` and settles no sooner than `minMs` after the start, whether it resolved or threw, so the
 * answer time does not depend on which branch the work took.
 */
export async function padToMinimum<T>(minMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    const left = minMs - (performance.now() - started);
    if (left > 0) await sleep(left);
  }
}
