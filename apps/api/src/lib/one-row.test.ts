import { describe, expect, it } from 'vitest';
import { oneRow } from './one-row.ts';

describe('oneRow (a job row failing alone, docs/product.md §F2)', () => {
  it('logs a throwing row and lets the loop send the next', async () => {
    const logged: string[] = [];
    const log = { error: (_: object, message: string) => void logged.push(message) };
    let sent = 0;
    for (const row of [{ id: 1 }, { id: 2 }]) {
      sent += await oneRow(log, 'missed chat messages mail', row, async () => {
        if (row.id === 1) throw new RangeError('Maximum call stack size exceeded');
        return 1;
      });
    }
    expect(sent).toBe(1);
    expect(logged).toEqual(['missed chat messages mail failed for one row; going on with the next']);
  });
});
