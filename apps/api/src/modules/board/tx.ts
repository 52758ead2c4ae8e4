import type { Db } from '../../db/client.ts';

/** A transaction handle; services that change several rows take one so a failure leaves nothing half-done. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
