// One Postgres database for the API's stores: a connection pool with a deadline on every step
// (connecting, waiting for a connection, each statement), the schema migrated before the first
// statement, and every failure of the server or the network turned into StoreUnavailableError, so
// a request gets a 503 quickly instead of hanging. Nothing connects until the first statement, and
// a database that is down at start or goes away later is simply tried again on the next one.
import pg from 'pg';
import { StoreUnavailableError } from '../../../src/api/orders/deps.ts';
import { migrate } from './migrate.ts';
import { postgresSql } from './sql.ts';

/** Deadlines and pool size; each statement is a few milliseconds, so seconds mean the server is out. */
export const postgresLimits = {
  connectTimeoutMs: 2_000,
  statementTimeoutMs: 5_000,
  poolSize: 8,
} as const;

// SQLSTATE classes that mean the server is out or overloaded, not that the statement is wrong:
// 08 connection exception, 53 insufficient resources, 57 operator intervention (shutdown, cancel
// by statement_timeout, starting up), 58 system error; 25006: a read-only server (a standby).
const unavailableStates = /^(08|53|57|58)|^25006$/;

/** Whether a pg failure means the database is unreachable, restarting or too slow (not a bug of ours). */
export function isPostgresOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof pg.DatabaseError) return unavailableStates.test(error.code ?? '');
  // A socket error (ECONNREFUSED, ECONNRESET, ETIMEDOUT…), or pg's own time-outs and lost connections.
  if ('syscall' in error || 'errno' in error) return true;
  return /timeout|terminated|connection|not queryable/i.test(error.message);
}

/** The error a store throws for `error`: StoreUnavailableError for an outage, else `error` itself. */
export function postgresFailure(error: unknown, doing: string): unknown {
  if (!isPostgresOutage(error)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new StoreUnavailableError(`Postgres is unavailable (${doing}): ${reason}`, 1, { cause: error });
}

/** A pooled Postgres database whose schema is migrated before its first statement. */
export class PostgresDatabase {
  /** The connection URL (a listener opens a connection of its own to it). */
  readonly url: string;
  private readonly pool: pg.Pool;
  private migrated: Promise<void> | null = null;
  private closing: Promise<void> | null = null;
  /** Idle connections broke and no statement has succeeded since (the loss is logged once). */
  private lost = false;
  /** Why the schema could not be migrated last time (logged once per problem). */
  private schemaProblem: string | null = null;

  constructor(url: string) {
    this.url = url;
    this.pool = new pg.Pool({
      connectionString: url,
      max: postgresLimits.poolSize,
      connectionTimeoutMillis: postgresLimits.connectTimeoutMs,
      query_timeout: postgresLimits.statementTimeoutMs + 1_000,
      statement_timeout: postgresLimits.statementTimeoutMs,
      idle_in_transaction_session_timeout: postgresLimits.statementTimeoutMs * 2,
      keepAlive: true,
      application_name: 'estate-orders-api',
    });
    // An idle connection that breaks (the server restarts) is dropped; the next statement reconnects.
    this.pool.on('error', (error) => {
      if (!this.lost) console.warn(`Postgres: connections lost (${error.message}); 503 until it is back`);
      this.lost = true;
    });
  }

  /**
   * Migrates the schema once (again after a failure). Throws StoreUnavailableError while the server
   * is out, and also while the schema cannot be migrated (a database of newer code, a failing
   * file): then no request can be served until someone fixes it, which is logged once per problem.
   */
  ready(): Promise<void> {
    this.migrated ??= migrate(this.pool).then(
      () => undefined,
      (error: unknown) => {
        this.migrated = null;
        if (isPostgresOutage(error)) throw postgresFailure(error, 'migrating the schema');
        const problem = error instanceof Error ? error.message : String(error);
        if (problem !== this.schemaProblem)
          console.error(`Postgres: the schema cannot be migrated: ${problem}`);
        this.schemaProblem = problem;
        throw new StoreUnavailableError(`Postgres schema: ${problem}`, 30, { cause: error });
      },
    );
    return this.migrated;
  }

  /** Runs one named statement (prepared once per connection) and returns its rows. */
  async query<Row extends object>(name: string, text: string, values: unknown[]): Promise<Row[]> {
    await this.ready();
    try {
      const { rows } = await this.pool.query<Row>({ name, text, values });
      this.lost = false;
      return rows;
    } catch (error) {
      throw postgresFailure(error, name);
    }
  }

  /**
   * Runs `work` in one transaction on one connection (committed when it resolves, rolled back when
   * it throws); a failure of the server becomes StoreUnavailableError.
   */
  async transaction<T>(
    name: string,
    work: (query: (text: string, values: unknown[]) => Promise<pg.QueryResultRow[]>) => Promise<T>,
  ): Promise<T> {
    await this.ready();
    let client: pg.PoolClient | undefined;
    let failed = false;
    try {
      client = await this.pool.connect();
      const held = client;
      await held.query('begin');
      const result = await work(
        async (text, values) => (await held.query<pg.QueryResultRow>(text, values)).rows,
      );
      await held.query('commit');
      this.lost = false;
      return result;
    } catch (error) {
      failed = true;
      await client?.query('rollback').catch(() => undefined);
      throw postgresFailure(error, name);
    } finally {
      client?.release(failed);
    }
  }

  /** Whether the database answers now (readiness probes): resolves, or throws StoreUnavailableError. */
  async check(): Promise<void> {
    await this.query('ping', postgresSql('ping'), []);
  }

  /** Closes every connection (once, however often it is called). */
  close(): Promise<void> {
    this.closing ??= this.pool.end();
    return this.closing;
  }
}
