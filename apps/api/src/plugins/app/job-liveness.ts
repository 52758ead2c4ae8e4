import pg from 'pg';

/**
 * Namespace (first key) of the advisory locks that say "this job worker's process is alive"; the second
 * key is hashtext(worker id). Any 32-bit constant no other part of the app uses.
 */
const LIVENESS_LOCK_CLASS = 0x6464_6a77;
/** A job locked for less than this is never taken from its worker (its lock may be on its way). */
export const ORPHAN_GRACE_SECONDS = 5;

/**
 * Jobs of a killed process are freed at once instead of after graphile-worker's 4 hours (ADR 0011).
 * Each worker of this process holds a session advisory lock on one dedicated connection, which
 * PostgreSQL drops the moment that process dies (SIGKILL, OOM, a lost machine: the socket closes or
 * times out). `sweep` unlocks the jobs whose worker holds no such lock any more, so another process
 * runs them: the database decides, the timer only asks.
 */
export class WorkerLiveness {
  readonly #config: pg.ClientConfig;
  readonly #warn: (message: string) => void;
  readonly #workerIds = new Set<string>();
  #client: pg.Client | null = null;
  #connecting: Promise<pg.Client> | null = null;
  #stopped = false;

  constructor(config: pg.ClientConfig, warn: (message: string) => void) {
    this.#config = config;
    this.#warn = warn;
  }

  /** Takes the lock of a worker of this process (before it can have held a job for the grace time). */
  async hold(workerId: string): Promise<void> {
    this.#workerIds.add(workerId);
    const client = await this.#connection();
    await client.query('select pg_advisory_lock($1, hashtext($2))', [LIVENESS_LOCK_CLASS, workerId]);
  }

  /**
   * Unlocks the jobs (and named queues) locked for longer than the grace time by workers whose process
   * holds no liveness lock, and answers those workers' ids.
   */
  async sweep(pool: Pick<pg.Pool, 'query'>, schema: string): Promise<string[]> {
    const { rows } = await pool.query<{ worker: string }>(
      `select distinct j.locked_by as worker from ${schema}._private_jobs j
        where j.locked_by is not null
          and j.locked_at < now() - make_interval(secs => $2)
          and not exists (
            select 1 from pg_locks l
             where l.locktype = 'advisory' and l.granted and l.objsubid = 2
               and l.database = (select oid from pg_database where datname = current_database())
               and l.classid = $1::int::oid and l.objid = hashtext(j.locked_by)::oid)`,
      [LIVENESS_LOCK_CLASS, ORPHAN_GRACE_SECONDS],
    );
    const dead = rows.map((r) => r.worker);
    if (dead.length > 0) await pool.query(`select ${schema}.force_unlock_workers($1::text[])`, [dead]);
    return dead;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => {});
  }

  /** The dedicated connection; when it is lost, a new one takes every lock of this process again. */
  #connection(): Promise<pg.Client> {
    if (this.#client) return Promise.resolve(this.#client);
    this.#connecting ??= (async () => {
      const client = new pg.Client({ ...this.#config, keepAlive: true });
      const lost = (error?: Error) => {
        if (this.#client !== client || this.#stopped) return;
        this.#client = null;
        this.#warn(
          `job queue: liveness connection lost (${error?.message ?? 'ended'}); taking the locks again`,
        );
        void this.#retake();
      };
      client.on('error', lost);
      client.on('end', () => lost());
      await client.connect();
      this.#client = client;
      return client;
    })().finally(() => {
      this.#connecting = null;
    });
    return this.#connecting;
  }

  async #retake(): Promise<void> {
    for (let delay = 250; !this.#stopped; delay = Math.min(delay * 2, 10_000)) {
      try {
        const client = await this.#connection();
        for (const id of this.#workerIds)
          await client.query('select pg_advisory_lock($1, hashtext($2))', [LIVENESS_LOCK_CLASS, id]);
        return;
      } catch (error) {
        this.#warn(`job queue: liveness reconnect failed (${(error as Error).message})`);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }
}
