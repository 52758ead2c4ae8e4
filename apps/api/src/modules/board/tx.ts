// The board's services take a database or a transaction: the types are db/client.ts's.
export type { DbOrTx, Tx } from '../../db/client.ts';
