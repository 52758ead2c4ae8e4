import pg from 'pg';

/** What runs one statement and answers its rows: a pg.Pool, or the pipelined connection below. */
export type StatementRunner = {
  query<R extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<R>>;
};

/** A pipelined statement that runs longer than this fails, rather than hold up the ones queued behind it. */
export const PIPELINED_STATEMENT_TIMEOUT_MS = 5_000;
export const PIPELINED_APPLICATION_NAME = 'delivery-desk pipelined reads';
/**
 * How long a statement waits for its answer before the connection is given up as dead: a link that goes
 * silent without closing (a failover, a dropped route) sends no error, so without it every request's
 * session read would wait behind the first unanswered one. Past the statement timeout, so a slow
 * statement that PostgreSQL cancels is reported as that, not as a dead link.
 */
export const PIPELINED_READ_TIMEOUT_MS = PIPELINED_STATEMENT_TIMEOUT_MS + 1_000;

/** node-postgres's error for a statement past its query_timeout (pg/lib/client.js). */
const QUERY_READ_TIMEOUT = 'Query read timeout';

/**
 * One connection in node-postgres's pipeline mode (node-postgres.com/features/pipelining), shared by
 * every request of the process for the one statement each request starts with: the auth hook's
 * versions, session and route read (docs/adr/0038-pipelined-session-reads.md). Concurrent requests
 * write their statement on it without waiting for the one before, so PostgreSQL answers a burst of them
 * from one awake backend instead of a wake-up (and a pool checkout) per request.
 *
 * Only single read-only statements outside a transaction belong here: a statement waits for those
 * written before it, so each runs at most PIPELINED_STATEMENT_TIMEOUT_MS. A connection that fails
 * rejects what it had in flight; the next statement opens a new one.
 */
export class PipelinedReads implements StatementRunner {
  private client: Promise<pg.Client> | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly warn: (message: string) => void = (message) => process.emitWarning(message),
    private readonly timeouts: { readTimeoutMs: number } = { readTimeoutMs: PIPELINED_READ_TIMEOUT_MS },
  ) {}

  async query<R extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<R>> {
    if (this.closed) throw new Error('The pipelined connection is closed');
    const ready = this.connection();
    try {
      return await (await ready).query<R>(config);
    } catch (error) {
      // node-postgres has destroyed the socket; forget it now, so a statement issued before its 'end'
      // arrives opens a new connection instead of failing on the old one.
      if (error instanceof Error && error.message === QUERY_READ_TIMEOUT && this.forget(ready)) {
        this.warn(
          `PostgreSQL pipelined connection gave no answer in ${this.timeouts.readTimeoutMs} ms: opening a new one`,
        );
      }
      throw error;
    }
  }

  private connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({
      connectionString: this.url,
      pipeline: true,
      // pg_stat_activity shows it apart from the pool's connections.
      application_name: PIPELINED_APPLICATION_NAME,
      statement_timeout: PIPELINED_STATEMENT_TIMEOUT_MS,
      // A silent link: node-postgres fails the late statement and, in pipeline mode, destroys the socket,
      // which fails the rest in flight (query() forgets the connection at once). The same bound covers a
      // connect that is never answered. Keep-alive probes find a dead peer of an idle connection.
      query_timeout: this.timeouts.readTimeoutMs,
      connectionTimeoutMillis: this.timeouts.readTimeoutMs,
      keepAlive: true,
    });
    const ready = client.connect().then(() => client);
    this.client = ready;
    // A dropped connection (server restart, terminated backend) fails its statements in flight; the next
    // statement opens a new one. Without the listener the 'error' event would end the process.
    // One warning per connection: a terminated backend reports its FATAL message, then the socket's end.
    // After close() the connection is already forgotten, so its errors are not warned of.
    client.on('error', (error) => {
      if (this.forget(ready)) this.warn(`PostgreSQL pipelined connection error: ${error.message}`);
    });
    client.on('end', () => this.forget(ready));
    ready.catch(() => this.forget(ready));
    return ready;
  }

  /** Forgets `ready` when it is still the connection in use; says whether it was. */
  private forget(ready: Promise<pg.Client>): boolean {
    if (this.client !== ready) return false;
    this.client = null;
    return true;
  }

  /** Ends the connection once its statements in flight are answered. */
  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    const open = await client?.catch(() => null);
    await open?.end().catch(() => {});
  }
}
