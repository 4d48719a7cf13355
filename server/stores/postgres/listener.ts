// A Postgres channel heard on a connection of its own (LISTEN), so a process learns of another's
// write when it commits, not at its next poll. Best effort by design: a notification sent while
// this connection is down is lost, so whoever listens also polls (slowly) and reads everything it
// missed; the connection is made again after a failure, with a growing pause.
import pg from 'pg';
import { postgresLimits } from './database.ts';

/** Pauses before connecting again, in ms: the first failure waits the least. */
const reconnectDelaysMs = [100, 500, 1_000, 5_000] as const;
/** A connection that listened this long starts the pauses over when it breaks. */
const stableMs = 10_000;

/** Hears `channel` on its own connection and calls `heard` with each payload ('' after a reconnect). */
export class PostgresListener {
  private readonly url: string;
  private readonly channel: string;
  private readonly heard: (payload: string) => void;
  private client: pg.Client | null = null;
  private failures = 0;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  /** When the current connection began listening (null while there is none). */
  private listeningSinceMs: number | null = null;
  /** Resolves when close() is called. */
  private readonly closing: Promise<void>;
  private markClosed: () => void = () => undefined;

  /** `channel` must be a plain identifier (it is quoted as one). */
  constructor(url: string, channel: string, heard: (payload: string) => void) {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
    this.url = url;
    this.channel = channel;
    this.heard = heard;
    this.closing = new Promise((done) => (this.markClosed = done));
  }

  /** Connects and listens; resolves once listening, once the try failed (it tries again), or once closed. */
  async start(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: postgresLimits.connectTimeoutMs,
      keepAlive: true,
      application_name: 'estate-orders-api-listen',
    });
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.heard(message.payload ?? '');
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    this.client = client;
    const listening = (async () => {
      await client.connect();
      await client.query(`listen ${this.channel}`);
    })();
    // close() may come while connecting, and pg may then never settle the connect.
    const outcome = await Promise.race([
      listening.then(
        () => 'listening' as const,
        () => 'failed' as const,
      ),
      this.closing.then(() => 'closed' as const),
    ]);
    if (outcome === 'closed') return;
    if (outcome === 'failed') return this.lost(client);
    // Heard nothing while the connection was down: whoever listens reads what it missed.
    if (this.failures > 0) this.heard('');
    this.listeningSinceMs = Date.now();
  }

  /** The connection broke (or never came): drops it and tries again after a pause. */
  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    void client.end().catch(() => undefined);
    if (this.closed) return;
    // A connection that lasted starts the pauses over; one dropped at once (a proxy that ends idle
    // sessions) keeps them growing.
    if (this.listeningSinceMs !== null && Date.now() - this.listeningSinceMs >= stableMs) this.failures = 0;
    this.listeningSinceMs = null;
    const delay = reconnectDelaysMs[Math.min(this.failures++, reconnectDelaysMs.length - 1)];
    this.retry = setTimeout(() => void this.start(), delay);
    this.retry.unref();
  }

  /** Stops listening and closes the connection. */
  async close(): Promise<void> {
    this.closed = true;
    this.markClosed();
    clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
