/** Where a job says that one row failed: the app's logger (pino's signature), or the console in a script. */
export type RowLog = { error: (details: object, message: string) => void };

const consoleLog: RowLog = { error: (details, message) => console.error(message, details) };

/**
 * One row of a minute-tick job (a mail, a reminder, a digest), its failure kept to itself: logged with the
 * row, counted as nothing sent, and the loop goes on with the next (docs/product.md §F2). Before, the
 * first throwing row stopped the loop, so every later project's due mail waited behind one bad text.
 */
export async function oneRow(
  log: RowLog | undefined,
  what: string,
  row: object,
  send: () => Promise<number>,
): Promise<number> {
  try {
    return await send();
  } catch (err) {
    (log ?? consoleLog).error({ err, row }, `${what} failed for one row; going on with the next`);
    return 0;
  }
}
