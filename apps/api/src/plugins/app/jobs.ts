import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  Logger,
  type LogLevel,
  parseCronItems,
  type Runner,
  run,
  runMigrations,
  runOnce,
  type Task,
  type TaskList,
  type WorkerEvents,
} from 'graphile-worker';
import type pg from 'pg';
import { WorkerLiveness } from './job-liveness.ts';

/**
 * The durable job queue (docs/product.md §D9, docs/adr/0011-job-queue.md): graphile-worker on the app's own
 * PostgreSQL, in its own schema `graphile_worker`. Jobs are rows: a scheduled or retried job survives a
 * restart, and each job is locked by one worker (SELECT ... FOR UPDATE SKIP LOCKED), so with several
 * app processes on one database each job runs once. Nothing here decides anything with a timer: the
 * worker waits on LISTEN/NOTIFY and polls the table; the `tick` cron item (one per minute, cluster-wide
 * once, graphile-worker's own crontab) looks for due reminders and digests with the app clock.
 */

export const JOB_SCHEMA = 'graphile_worker';
/** How often a worker process looks for jobs left locked by a process that died (job-liveness.ts). */
const ORPHAN_SWEEP_MS = 2_000;

export type JobSpec = {
  runAt?: Date;
  maxAttempts?: number;
  /** A job with the same key replaces the waiting one (graphile-worker job_key). */
  jobKey?: string;
};

/** Something that can run a query: the pool, or the client of an open transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

export type Jobs = {
  /** Registers a task; plugins call it before the app is ready. */
  define: (name: string, task: Task) => void;
  /** Registers work the minute `tick` does (with the app clock's now). */
  onTick: (name: string, work: (now: Date) => Promise<void>) => void;
  /** Adds a job (through `client` to add it inside that transaction). */
  add: (task: string, payload: unknown, spec?: JobSpec, client?: Queryable) => Promise<void>;
  /**
   * Runs every `tick` work now, then every job due by the app clock until none is left (tests, and the
   * CLI). A job waiting for a retry whose time has come on the app clock is brought forward.
   */
  runDue: (options?: { tick?: boolean; tasks?: string[] }) => Promise<void>;
  /** Jobs of `task` not finished yet (waiting, due or running). */
  pending: (task: string, options?: { dueOnly?: boolean }) => Promise<number>;
};

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

function loggerFor(app: FastifyInstance): Logger {
  return new Logger(() => (level: LogLevel, message: string) => {
    // graphile-worker's lines name tasks and job ids; payloads are never logged by it.
    const line = `job queue: ${message}`;
    if (level === 'error') app.log.error(line);
    else if (level === 'warning') app.log.warn(line);
    else if (level === 'info') app.log.debug(line);
    else app.log.trace(line);
  });
}

export default fp(
  async (app) => {
    const { config, database } = app;
    const pgPool = database.pool;
    // The worker LISTENs for new jobs and migrates its schema: on a session, not through a pooler.
    const sessionPool = database.sessionPool();
    const logger = loggerFor(app);
    const taskList: TaskList = {};
    const tickWork = new Map<string, (now: Date) => Promise<void>>();

    const tick = async (now: Date) => {
      for (const [name, work] of tickWork) {
        try {
          await work(now);
        } catch (error) {
          // One failing kind of work must not stop the others; the next tick tries again.
          app.log.error({ err: error }, `tick: ${name} failed`);
        }
      }
    };
    taskList.tick = async () => tick(config.now());

    // Idempotent: creates or upgrades the graphile_worker schema (the test template already has it).
    await runMigrations({ pgPool: sessionPool, schema: JOB_SCHEMA, logger });

    const add: Jobs['add'] = async (task, payload, spec = {}, client = pgPool) => {
      await client.query(
        `select ${JOB_SCHEMA}.add_job($1, $2::json, run_at := $3, max_attempts := $4, job_key := $5)`,
        [
          task,
          JSON.stringify(payload ?? {}),
          spec.runAt ?? null,
          spec.maxAttempts ?? null,
          spec.jobKey ?? null,
        ],
      );
    };

    const pending: Jobs['pending'] = async (task, options = {}) => {
      const { rows } = await pgPool.query<{ n: string }>(
        `select count(*) as n from ${JOB_SCHEMA}.jobs
          where task_identifier = $1 and attempts < max_attempts
            and ($2::boolean is false or run_at <= now() + make_interval(secs => $3))`,
        [task, options.dueOnly === true, Math.max(0, config.now().getTime() - Date.now()) / 1000],
      );
      return Number(rows[0]?.n ?? 0);
    };

    const runDue: Jobs['runDue'] = async (options = {}) => {
      if (options.tick !== false) await tick(config.now());
      const names = options.tasks ?? Object.keys(taskList).filter((name) => name !== 'tick');
      const only: TaskList = Object.fromEntries(names.map((name) => [name, taskList[name]!]));
      // A job runs at most once per call: a retry it schedules is due after the clock's now (its
      // backoff), so the test moves the clock again to reach it, as time would.
      const seen: string[] = [];
      for (let round = 0; round < 50; round++) {
        // Due by the app clock: a test that moved the clock past a retry's backoff gets that retry now.
        const skew = Math.max(0, config.now().getTime() - Date.now()) / 1000;
        const { rows } = await pgPool.query<{ id: string }>(
          `select id from ${JOB_SCHEMA}.jobs
            where task_identifier = any($1) and attempts < max_attempts and locked_at is null
              and run_at <= now() + make_interval(secs => $2) and not (id = any($3::bigint[]))`,
          [names, skew, seen],
        );
        if (rows.length === 0) {
          // Jobs another worker of this process holds: wait until they are done.
          const busy = await pgPool.query(
            `select 1 from ${JOB_SCHEMA}.jobs where task_identifier = any($1) and locked_at is not null limit 1`,
            [names],
          );
          if (busy.rowCount === 0) return;
          await new Promise((resolve) => setTimeout(resolve, 20));
          continue;
        }
        seen.push(...rows.map((r) => r.id));
        await pgPool.query(`select ${JOB_SCHEMA}.reschedule_jobs($1::bigint[], run_at := now())`, [
          rows.map((r) => r.id),
        ]);
        await runOnce({ pgPool, schema: JOB_SCHEMA, taskList: only, logger, noHandleSignals: true });
      }
      throw new Error('runDue: jobs still due after 50 rounds');
    };

    const define: Jobs['define'] = (name, task) => {
      if (runner) throw new Error(`job task ${name} defined after the worker started`);
      taskList[name] = task;
    };
    const onTick: Jobs['onTick'] = (name, work) => void tickWork.set(name, work);

    let runner: Runner | null = null;
    let liveness: WorkerLiveness | null = null;
    let sweepTimer: NodeJS.Timeout | null = null;
    app.decorate('jobs', { define, onTick, add, runDue, pending });

    if (config.jobsWorker) {
      app.addHook('onReady', async () => {
        const warn = (message: string) => app.log.warn(message);
        const live = new WorkerLiveness({ connectionString: database.directUrl }, warn);
        liveness = live;
        const events = new EventEmitter() as WorkerEvents;
        events.on('worker:create', ({ worker }) => {
          live
            .hold(worker.workerId)
            .catch((error: Error) => warn(`job queue: liveness lock (${error.message})`));
        });
        sweepTimer = setInterval(() => {
          live.sweep(pgPool, JOB_SCHEMA).then(
            (dead) => {
              if (dead.length > 0)
                warn(
                  `job queue: jobs of ${dead.length} worker(s) of a stopped process unlocked to run again`,
                );
            },
            (error: Error) => warn(`job queue: orphan sweep failed (${error.message})`),
          );
        }, ORPHAN_SWEEP_MS);
        sweepTimer.unref();
        runner = await run({
          pgPool: sessionPool,
          schema: JOB_SCHEMA,
          taskList,
          logger,
          events,
          concurrency: 2,
          pollInterval: config.jobsPollInterval,
          noHandleSignals: true,
          // Once a minute, once across every process of this database; a missed minute is not replayed
          // (the next tick finds whatever became due meanwhile).
          parsedCronItems: parseCronItems([
            { task: 'tick', match: '* * * * *', options: { maxAttempts: 1, jobKey: 'tick' } },
          ]),
        });
      });
    }
    app.addHook('onClose', async () => {
      // Finishes the jobs in hand (their locks are released); the rest wait in the table.
      if (sweepTimer) clearInterval(sweepTimer);
      sweepTimer = null;
      if (runner) await runner.stop();
      runner = null;
      // After the runner: its jobs are finished or released, so no other process takes them early.
      await liveness?.stop();
      liveness = null;
    });
  },
  { name: 'jobs', dependencies: ['config', 'database'] },
);
