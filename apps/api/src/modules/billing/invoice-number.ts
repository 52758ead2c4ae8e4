import { formatInvoiceNumber } from '@dd/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/**
 * The next number of the year's gap-free invoice sequence (docs/adr/0049). Call it inside the issuing
 * transaction: the counter row stays locked until that transaction ends, so concurrent issuers on any
 * process wait their turn, and a rolled-back issue gives its number back.
 */
export async function nextInvoiceNumber(tx: Tx, year: number): Promise<string> {
  const result = (await tx.execute(sql`
    INSERT INTO invoice_number_counters (year, last_number) VALUES (${year}, 1)
    ON CONFLICT (year) DO UPDATE SET last_number = invoice_number_counters.last_number + 1
    RETURNING last_number`)) as unknown as { rows: Array<{ last_number: number }> };
  const row = result.rows[0];
  if (!row) throw new Error('invoice number counter returned no row');
  return formatInvoiceNumber(year, Number(row.last_number));
}
