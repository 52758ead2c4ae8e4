import pg from 'pg';
import type { Database } from '../../db/client.ts';

export type OnNotification = (channel: string, payload: string) => void;

/** Where a process hears commits announced: ONE connection per process, whatever the number of streams. */
export interface NotificationSource {
  /**
   * Subscribes to the channels; resolves once LISTEN is active. onReconnect runs when a lost link is back,
   * with the time it was lost, so the caller can catch up on what committed meanwhile.
   */
  start(
    channels: string[],
    onNotification: OnNotification,
    onReconnect: (lostAt: Date) => void,
  ): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A dedicated node-postgres client (not from the pool: a pooled client would be handed to queries and
 * LISTEN is per session) that reconnects with exponential backoff and jitter when the server drops it.
 */
export class PostgresNotificationSource implements NotificationSource {
  #client: pg.Client | null = null;
  #stopped = false;
  #attempt = 0;
  #timer: NodeJS.Timeout | null = null;
  readonly #config: pg.ClientConfig;
  readonly #warn: (message: string) => void;

  constructor(config: pg.ClientConfig, warn: (message: string) => void) {
    this.#config = { ...config, keepAlive: true };
    this.#warn = warn;
  }

  async start(
    channels: string[],
    onNotification: OnNotification,
    onReconnect: (lostAt: Date) => void,
  ): Promise<void> {
    let lostAt = new Date();
    const connect = async () => {
      const client = new pg.Client(this.#config);
      let connected = false;
      let lost = false;
      const onLost = (error?: Error) => {
        if (lost) return;
        lost = true;
        client.removeAllListeners('notification');
        client.end().catch(() => {});
        // A client that never got to LISTEN is retried by the caller of connect().
        if (!connected || this.#stopped) return;
        this.#client = null;
        lostAt = new Date();
        this.#warn(`live events: LISTEN connection lost${error ? ` (${error.message})` : ''}; reconnecting`);
        schedule();
      };
      client.on('error', onLost);
      client.on('end', () => onLost());
      client.on('notification', (message) => onNotification(message.channel, message.payload ?? ''));
      try {
        await client.connect();
        for (const channel of channels) await client.query(`LISTEN "${channel.replaceAll('"', '')}"`);
      } catch (error) {
        lost = true;
        client.end().catch(() => {});
        throw error;
      }
      if (this.#stopped) {
        await client.end().catch(() => {});
        return;
      }
      connected = true;
      this.#client = client;
      this.#attempt = 0;
    };
    const schedule = () => {
      const delay = Math.min(30_000, 250 * 2 ** this.#attempt) * (0.5 + Math.random() / 2);
      this.#attempt += 1;
      this.#timer = setTimeout(() => {
        this.#timer = null;
        connect().then(
          () => onReconnect(lostAt),
          (error: Error) => {
            if (this.#stopped) return;
            this.#warn(`live events: reconnect failed (${error.message})`);
            schedule();
          },
        );
      }, delay);
      this.#timer.unref();
    };
    await connect();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = null;
    if (client) await client.end().catch(() => {});
  }
}

/**
 * The source for a database: a dedicated LISTEN connection with the pool's settings, on the direct
 * connection (a transaction-mode pooler hands the LISTENing server connection to other clients, and
 * their notifications are never forwarded).
 */
export function notificationSourceFor(
  database: Database,
  warn: (message: string) => void,
): NotificationSource {
  const client = (database.db as unknown as { $client: pg.Pool }).$client;
  const { Client: _pooledClient, ...settings } = client.options as pg.PoolConfig & { Client?: unknown };
  return new PostgresNotificationSource({ ...settings, connectionString: database.directUrl }, warn);
}
