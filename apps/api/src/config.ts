import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type LogFormat, logFormatFor } from './lib/pretty-log.ts';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** DATABASE_DIRECT_URL: a session connection when DATABASE_URL is a transaction-mode pooler. */
  databaseDirectUrl: string | null;
  adminEmail: string | null;
  adminPassword: string | null;
  publicUrl: string;
  cookieDomain: string | null;
  appKeys: string[];
  smtpUrl: string | null;
  /**
   * The sender of every mail: MAIL_FROM, else `Delivery Desk <no-reply@PUBLIC_URL's host>`. Its domain
   * names every Message-ID (docs/product.md §D10).
   */
  mailFrom: string;
  /** MAIL_REPLY_TO: where answers to a mail go when no person of the mail's own is named (§D10). */
  mailReplyTo: string | null;
  /** DKIM signing of every mail (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY[_FILE]), or null: unsigned. */
  dkim: DkimConfig | null;
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
  /**
   * The domain replies come back to (`reply+<token>@<domain>`, modules/inbound-mail): INBOUND_MAIL_DOMAIN,
   * else PUBLIC_URL's host.
   */
  inboundMailDomain: string;
  /** INBOUND_SMTP_PORT: the built-in SMTP receiver of replies listens here (off when null). */
  inboundSmtpPort: number | null;
  /** INBOUND_SMTP_HOST: the address it listens on (default HOST). */
  inboundSmtpHost: string;
  /** INBOUND_MAIL_SECRET: the shared secret of POST /api/inbound-mail (the route answers 404 when null). */
  inboundMailSecret: string | null;
  /** The one clock: every job, reminder and digest asks it; tests move it instead of waiting. */
  now: () => Date;
};

export type DkimConfig = { domainName: string; keySelector: string; privateKey: string };

const orNull = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : null);

/** The default sender: `no-reply@` the public address's host (docs/product.md §D10). */
export const defaultMailFrom = (productName: string, publicUrl: string) =>
  `${productName} <no-reply@${new URL(publicUrl).hostname.replace(/^\[|\]$/g, '')}>`;

/**
 * DKIM from the environment: all three of domain, selector and key (inline, `\n` allowed for newlines, or
 * a file), or none. Half a setting is refused at start rather than sending unsigned mail unnoticed.
 */
export function dkimFrom(env: NodeJS.ProcessEnv): DkimConfig | null {
  const domainName = orNull(env.DKIM_DOMAIN);
  const keySelector = orNull(env.DKIM_SELECTOR);
  const file = orNull(env.DKIM_PRIVATE_KEY_FILE);
  const inline = orNull(env.DKIM_PRIVATE_KEY)?.replace(/\\n/g, '\n') ?? null;
  const privateKey = inline ?? (file ? readFileSync(file, 'utf8') : null);
  if (!domainName && !keySelector && !privateKey) return null;
  if (!domainName || !keySelector || !privateKey)
    throw new Error(
      'DKIM needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE) together',
    );
  return { domainName: domainName.toLowerCase(), keySelector, privateKey };
}

/** A TCP port (0: any free one, for tests), or null when unset. */
function inboundPort(value: string | undefined): number | null {
  const text = orNull(value);
  if (text === null) return null;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`INBOUND_SMTP_PORT is not a port: ${text}`);
  return port;
}

/** Every environment variable the server reads, parsed in one place (README lists them). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = Number(env.PORT ?? 3000);
  const host = env.HOST ?? '127.0.0.1';
  const productName = 'Delivery Desk';
  const publicUrl =
    overrides.publicUrl ?? (orNull(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: orNull(env.DATABASE_URL),
    databaseDirectUrl: orNull(env.DATABASE_DIRECT_URL),
    adminEmail: orNull(env.ADMIN_EMAIL),
    adminPassword: orNull(env.ADMIN_PASSWORD),
    publicUrl,
    cookieDomain: orNull(env.COOKIE_DOMAIN),
    appKeys: (env.APP_KEYS ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    smtpUrl: orNull(env.SMTP_URL),
    mailFrom: orNull(env.MAIL_FROM) ?? defaultMailFrom(productName, publicUrl),
    mailReplyTo: orNull(env.MAIL_REPLY_TO),
    dkim: dkimFrom(env),
    productName,
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
    inboundMailDomain: (
      orNull(env.INBOUND_MAIL_DOMAIN) ??
      new URL(orNull(env.PUBLIC_URL) ?? `http://localhost:${port}`).hostname
    ).toLowerCase(),
    inboundSmtpPort: inboundPort(env.INBOUND_SMTP_PORT),
    inboundSmtpHost: orNull(env.INBOUND_SMTP_HOST) ?? host,
    inboundMailSecret: orNull(env.INBOUND_MAIL_SECRET),
    now: () => new Date(),
    ...overrides,
  };
}
