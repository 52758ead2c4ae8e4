import path from 'node:path';
import { type LogFormat, logFormatFor } from './lib/pretty-log.ts';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  adminEmail: string | null;
  adminPassword: string | null;
  publicUrl: string;
  cookieDomain: string | null;
  appKeys: string[];
  smtpUrl: string | null;
  mailFrom: string;
  productName: string;
  productTeamLabel: string;
  chatWidgetUrl: string | null;
  newDashboardUrl: string | null;
  trustProxy: boolean;
  /** INSTANCE_ID: when set, every answer names this process in `X-Served-By` (scale-out checks). */
  instanceId: string | null;
  /**
   * DB_POOL_MAX: connections of this process's pool (plus one LISTEN connection for live events and one
   * pipelined connection for the auth hook's statement, docs/adr/0038-pipelined-session-reads.md); null
   * when unset: the engine's default (`POOL_MAX_DEFAULT` in db/client.ts).
   */
  dbPoolMax: number | null;
  logLevel: string;
  /** `json` (one object per line) or `pretty` (lines for a person): LOG_FORMAT, else pretty on a TTY. */
  logFormat: LogFormat;
  webDist: string | null;
  /** Admin lists keep filter results and pages in memory while the data's version holds (LIST_CACHE). */
  listCache: boolean;
  /**
   * Secret for signed links (unsubscribe, call Approve/Decline). APP_SECRET, or null: then one is generated on first
   * start and kept in the database (app_secrets), so every process of one database signs alike.
   */
  appSecret: string | null;
  /** Run the job queue's worker in this process (JOBS_WORKER=0 turns it off; tests run jobs themselves). */
  jobsWorker: boolean;
  /** How often an idle worker looks for due jobs besides LISTEN/NOTIFY (JOBS_POLL_MS, default 2000). */
  jobsPollInterval: number;
  /** The one clock: every job, reminder and digest asks it; tests move it instead of waiting. */
  now: () => Date;
};

const orNull = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : null);

/** Every environment variable the server reads, parsed in one place (README lists them). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = Number(env.PORT ?? 3000);
  const host = env.HOST ?? '127.0.0.1';
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: orNull(env.DATABASE_URL),
    adminEmail: orNull(env.ADMIN_EMAIL),
    adminPassword: orNull(env.ADMIN_PASSWORD),
    publicUrl: (orNull(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/$/, ''),
    cookieDomain: orNull(env.COOKIE_DOMAIN),
    appKeys: (env.APP_KEYS ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    smtpUrl: orNull(env.SMTP_URL),
    mailFrom: orNull(env.MAIL_FROM) ?? 'Delivery Desk <no-reply@localhost>',
    productName: 'Delivery Desk',
    productTeamLabel: orNull(env.PRODUCT_TEAM_LABEL) ?? 'Team',
    chatWidgetUrl: orNull(env.CHAT_WIDGET_URL),
    newDashboardUrl: orNull(env.NEW_DASHBOARD_URL),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    instanceId: orNull(env.INSTANCE_ID),
    dbPoolMax: Math.trunc(Number(env.DB_POOL_MAX)) >= 1 ? Math.trunc(Number(env.DB_POOL_MAX)) : null,
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: logFormatFor(env.LOG_FORMAT, process.stdout.isTTY),
    webDist: orNull(env.WEB_DIST),
    listCache: env.LIST_CACHE !== 'off',
    appSecret: orNull(env.APP_SECRET),
    jobsWorker: !(env.JOBS_WORKER === '0' || env.JOBS_WORKER === 'false'),
    jobsPollInterval: Math.max(100, Number(env.JOBS_POLL_MS ?? 2000) || 2000),
    now: () => new Date(),
    ...overrides,
  };
}
