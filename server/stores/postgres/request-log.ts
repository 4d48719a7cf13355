// The request log in Postgres, for servers with their orders there: every worker appends its
// answers in batches (one INSERT of a JSON array at most every `flushMs`), every console reads the same
// rows, and the oldest rows past the cap are deleted now and then. The log is best-effort, as its
// embedded twin: while Postgres is out a batch is dropped (logged once per outage); orders never
// are. A batch Postgres refuses is split until only the records it refuses are dropped.
import type {
  KeyActivity,
  LiveSummary,
  RequestLog,
  RequestPage,
  RequestPageQuery,
} from '../../../src/api/request-log.ts';
import type { LoggedRequest, RequestRecord } from '../../../src/api/request-record.ts';
import pg from 'pg';
import { filterParams, filterSql } from '../../request-log/filter.ts';
import type { PostgresDatabase } from './database.ts';
import { postgresSql } from './sql.ts';

/** A log row's average size: the byte cap becomes a row cap at this rate. */
export const requestRowBytes = 512;

/** A request_page.sql or request_count.sql with the request filter's conditions, from `$first` on. */
export function withRequestFilter(name: 'request_page' | 'request_count', first: number): string {
  const [before, after, ...more] = postgresSql(name).split('{request_filter}');
  if (after === undefined || more.length > 0) throw new Error(`${name}.sql: mark {request_filter} once`);
  return `${before}${filterSql(first)}${after}`;
}

const pageSql = withRequestFilter('request_page', 3);
const countSql = withRequestFilter('request_count', 1);

interface Row extends Omit<LoggedRequest, 'seq' | 'time_ms'> {
  seq: string;
  time_ms: string;
}

/** The request log on Postgres. */
export class PostgresRequestLog implements RequestLog {
  private pending: RequestRecord[] = [];
  private flying: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private flushes = 0;
  private failing = false;
  private readonly db: PostgresDatabase;
  private readonly maxRows: number;
  private readonly flushMs: number;

  constructor(db: PostgresDatabase, maxBytes: number, flushMs = 100) {
    this.db = db;
    this.maxRows = Math.max(1, Math.floor(maxBytes / requestRowBytes));
    this.flushMs = flushMs;
  }

  /** Queues a record for the next batch. */
  append(record: RequestRecord): void {
    this.pending.push(record);
    if (this.pending.length >= 500) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.flushMs).unref();
  }

  /** A page of matching requests, newest first. */
  async page(query: RequestPageQuery): Promise<RequestPage> {
    await this.flushed();
    const filter = filterParams(query);
    const [rows, count] = await Promise.all([
      this.db.query<Row>('request_page', pageSql, [query.limit + 1, query.before ?? null, ...filter]),
      this.db.query<{ matched: number }>('request_count', countSql, filter),
    ]);
    const shown = rows.slice(0, query.limit).map(toLogged);
    return {
      rows: shown,
      next: rows.length > query.limit ? (shown.at(-1)?.seq ?? null) : null,
      matched: count[0]?.matched ?? 0,
    };
  }

  /** The request with this id, if the log still holds it. */
  async find(requestId: string): Promise<LoggedRequest | undefined> {
    await this.flushed();
    const [row] = await this.db.query<Row>('request_by_id', postgresSql('request_by_id'), [requestId]);
    return row === undefined ? undefined : toLogged(row);
  }

  /** Requests, status classes, error share and p99 since `sinceMs`. */
  async summary(sinceMs: number): Promise<LiveSummary> {
    await this.flushed();
    const [row] = await this.db.query<{
      requests: number;
      c2: number;
      c3: number;
      c4: number;
      c5: number;
      p99_ms: number | null;
    }>('request_summary', postgresSql('request_summary'), [sinceMs]);
    const { requests = 0, c2 = 0, c3 = 0, c4 = 0, c5 = 0, p99_ms = null } = row ?? {};
    return {
      sinceMs,
      requests,
      byClass: { '2xx': c2, '3xx': c3, '4xx': c4, '5xx': c5 },
      errorPct: requests === 0 ? null : ((c4 + c5) * 100) / requests,
      p99Ms: p99_ms,
    };
  }

  /** Every key in the log, with its requests and last use. */
  async keyActivity(): Promise<KeyActivity[]> {
    await this.flushed();
    const rows = await this.db.query<{ key_id: string; requests: number; last_used_ms: number }>(
      'request_key_activity',
      postgresSql('request_key_activity'),
      [],
    );
    return rows.map((r) => ({ keyId: r.key_id, requests: r.requests, lastUsedMs: r.last_used_ms }));
  }

  /** Resolves once every record appended so far was inserted (or dropped). */
  async flushed(): Promise<void> {
    while (this.flying !== null || this.pending.length > 0) {
      this.flush();
      await this.flying;
    }
  }

  /** Inserts what waits. */
  async close(): Promise<void> {
    await this.flushed();
  }

  /** Sends the waiting records as one INSERT, one at a time; trims past the cap every 20th. */
  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.flying !== null || this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.flying = this.insert(batch).finally(() => {
      this.flying = null;
      if (this.pending.length > 0) this.timer ??= setTimeout(() => this.flush(), this.flushMs).unref();
    });
  }

  /** Inserts a batch; a batch Postgres refuses (not an outage) is split until only the bad records fail. */
  private async insert(batch: RequestRecord[]): Promise<void> {
    try {
      const refused = await this.insertSplitting(batch);
      if (refused.count > 0)
        console.warn(
          `Request log: ${refused.count} record(s) not stored in Postgres, refused one by one: ${refused.reason}`,
        );
      if (++this.flushes % 20 === 0)
        await this.db.query('request_trim', postgresSql('request_trim'), [this.maxRows]);
      this.failing = false;
    } catch (error) {
      if (!this.failing)
        console.warn(
          `Request log: ${batch.length} record(s) not stored in Postgres: ${(error as Error).message}`,
        );
      this.failing = true;
    }
  }

  /** Inserts `batch`, halving it on a refusal so one bad record never sinks the rest; throws on an outage. */
  private async insertSplitting(batch: RequestRecord[]): Promise<{ count: number; reason: string }> {
    try {
      await this.db.query('insert_requests', postgresSql('insert_requests'), [serialised(batch)]);
      return { count: 0, reason: '' };
    } catch (error) {
      // Only a statement Postgres refused is split; anything else (an outage, a pool closed) is not
      // about the records.
      if (!(error instanceof pg.DatabaseError)) throw error;
      if (batch.length === 1) return { count: 1, reason: (error as Error).message };
      const half = Math.ceil(batch.length / 2);
      const first = await this.insertSplitting(batch.slice(0, half));
      const second = await this.insertSplitting(batch.slice(half));
      return { count: first.count + second.count, reason: first.reason || second.reason };
    }
  }
}

/**
 * A batch as the INSERT's one JSON parameter. Postgres text cannot hold NUL (a JSON "\u0000" is
 * refused as an "unsupported Unicode escape sequence"), and a path, a User-Agent or a problem that
 * repeats a body's field name may carry one: each is stored as the six characters `\u0000`. The
 * text is made without a replacer (which would call back for every value of every record) and
 * mended only when it holds such an escape: one not itself escaped, after an even run of `\`.
 */
export function serialised(batch: RequestRecord[]): string {
  const text = JSON.stringify(batch);
  return text.includes('\\u0000') ? text.replace(/(?<!\\)((?:\\\\)*)\\u0000/g, '$1\\\\u0000') : text;
}

/** A row as the embedded log returns it (bigints as numbers). */
function toLogged(row: Row): LoggedRequest {
  return { ...row, seq: Number(row.seq), time_ms: Number(row.time_ms) };
}
