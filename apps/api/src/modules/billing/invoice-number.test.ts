import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { nextInvoiceNumber } from './invoice-number.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/**
 * The year's invoice numbers are gap-free under concurrent issuing (docs/adr/0049): 12 transactions at once
 * over the pool's connections, each holding its number a moment before committing, on the embedded
 * PostgreSQL 18 and on TEST_DATABASE_URL's server.
 */
describe('invoice numbers', () => {
  it('are distinct and gap-free when issued at once, and a rolled-back issue gives its number back', async () => {
    const { db } = t.database;
    const issued = await Promise.all(
      Array.from({ length: 12 }, () =>
        db.transaction(async (tx) => {
          const number = await nextInvoiceNumber(tx, 2031);
          await tx.execute(sql`select pg_sleep(0.01)`);
          return number;
        }),
      ),
    );
    const expected = Array.from({ length: 12 }, (_, i) => `INV-2031-${String(i + 1).padStart(4, '0')}`);
    expect([...issued].sort()).toEqual(expected);

    await expect(
      db.transaction(async (tx) => {
        expect(await nextInvoiceNumber(tx, 2031)).toBe('INV-2031-0013');
        throw new Error('issue failed after numbering');
      }),
    ).rejects.toThrow('issue failed after numbering');
    await db.transaction(async (tx) => {
      expect(await nextInvoiceNumber(tx, 2031)).toBe('INV-2031-0013');
      // Each year starts again at one.
      expect(await nextInvoiceNumber(tx, 2032)).toBe('INV-2032-0001');
    });
  });
});
