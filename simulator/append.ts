// Appender helpers: plain rows for the small tables, typed column batches for the log sample.
import {
  DuckDBDataChunk,
  DuckDBDataChunkWriter,
  DuckDBTypeId,
  JSToDuckDBValueConverter,
  type DuckDBAppender,
  type DuckDBConnection,
} from '@duckdb/node-api';
import type { LogBatch } from './traffic/log-sample.ts';

/** A row as plain JS: ISO strings for dates and timestamps, numbers, strings, arrays, null. */
export type PlainRow = Record<string, unknown>;

/** Appends plain rows to a table, matching object fields to columns by name. */
export async function appendRows(
  connection: DuckDBConnection,
  table: string,
  rows: Iterable<PlainRow>,
): Promise<void> {
  const appender = await connection.createAppender(table);
  const columns = (
    await connection.runAndReadAll(
      'select column_name from information_schema.columns where table_name = $table order by ordinal_position',
      { table },
    )
  )
    .getRows()
    .map((r) => String(r[0]));
  const types = columns.map((_, i) => appender.columnType(i).typeId);
  const writer = DuckDBDataChunkWriter.forAppender(appender, { converter: JSToDuckDBValueConverter });
  const values: unknown[] = new Array<unknown>(columns.length);
  for (const row of rows) {
    columns.forEach((column, i) => {
      const value = row[column];
      const type = types[i];
      values[i] =
        typeof value === 'string' && (type === DuckDBTypeId.TIMESTAMP || type === DuckDBTypeId.DATE)
          ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value)
          : value;
    });
    writer.appendRow(values as never);
  }
  writer.flush();
  appender.closeSync();
}

/** The strings a log batch's index columns point into. */
export interface LogDictionaries {
  routeIds: readonly string[];
  keyIds: readonly string[];
  consumerIds: readonly string[];
  callerKinds: readonly string[];
  userAgents: readonly string[];
}

const stageColumns = [
  ['ts_ms', 'double'],
  ['route_code', 'usmallint'],
  ['key_code', 'usmallint'],
  ['consumer_code', 'usmallint'],
  ['kind_code', 'usmallint'],
  ['user_agent_code', 'usmallint'],
  ['status', 'smallint'],
  ['edge_ms', 'double'],
  ['origin_ms', 'double'],
] as const;
// Rows staged before they move to log_sample: big inserts are far cheaper than many small ones,
// and a million staged rows take about 40 MB.
const STAGE_ROWS = 500_000;
const dictionaries = ['route', 'key', 'consumer', 'kind', 'user_agent'] as const;

/**
 * Streams log batches into log_sample. Rows go through an appender in data chunks of typed
 * columns (strings as small-integer codes, the timestamp as epoch ms), into a temporary staging
 * table; `endDay` moves the day into log_sample in one set-based insert that resolves the codes
 * against dictionary tables, about every million rows. Per-string appends cost a native call each, so this is several
 * times faster, and memory stays bounded by the staged rows.
 */
export class LogSampleAppender {
  readonly #connection: DuckDBConnection;
  #appender: DuckDBAppender;
  // One chunk, refilled for every batch: chunks hold native memory the JS heap does not see, so
  // a chunk per batch would grow the process by the whole sample before GC noticed.
  readonly #chunk: DuckDBDataChunk;
  rows = 0;
  #moved = 0;

  private constructor(connection: DuckDBConnection, appender: DuckDBAppender) {
    this.#connection = connection;
    this.#appender = appender;
    this.#chunk = DuckDBDataChunk.create(
      Array.from({ length: appender.columnCount }, (_, i) => appender.columnType(i)),
    );
  }

  /** Creates the staging and dictionary tables and opens the staging appender. */
  static async open(connection: DuckDBConnection, dict: LogDictionaries): Promise<LogSampleAppender> {
    await connection.run(
      `create temp table log_stage (${stageColumns.map(([n, t]) => `${n} ${t}`).join(', ')})`,
    );
    const values: Record<(typeof dictionaries)[number], readonly string[]> = {
      route: dict.routeIds,
      key: dict.keyIds,
      consumer: dict.consumerIds,
      kind: dict.callerKinds,
      user_agent: dict.userAgents,
    };
    for (const name of dictionaries) {
      await connection.run(
        `create temp table log_dict_${name} (code usmallint primary key, value varchar not null)`,
      );
      const appender = await connection.createAppender(`log_dict_${name}`, 'main', 'temp');
      values[name].forEach((value, code) => {
        appender.appendUSmallInt(code);
        appender.appendVarchar(value);
        appender.endRow();
      });
      appender.closeSync();
    }
    await connection.run('set preserve_insertion_order = false');
    return new LogSampleAppender(connection, await connection.createAppender('log_stage', 'main', 'temp'));
  }

  /** Appends the batch's rows (its size may be short of a full chunk). */
  append(batch: LogBatch): void {
    const n = batch.size;
    if (n === 0) return;
    const chunk = this.#chunk;
    chunk.reset();
    chunk.rowCount = n;
    const columns = [
      batch.tsMs,
      batch.route,
      batch.key,
      batch.consumer,
      batch.kind,
      batch.userAgent,
      batch.status,
      batch.edgeMs,
      batch.originMs,
    ];
    columns.forEach((column, c) => {
      const vector = chunk.getColumnVector(c) as { setItem(i: number, v: number): void; flush(): void };
      for (let i = 0; i < n; i++) vector.setItem(i, column[i] as number);
      vector.flush();
    });
    this.#appender.appendDataChunk(chunk);
    this.rows += n;
  }

  /** Moves the staged rows into log_sample once enough are staged (or always, with `force`). */
  async endDay(force = false): Promise<void> {
    if (!force && this.rows - this.#moved < STAGE_ROWS) return;
    this.#moved = this.rows;
    this.#appender.closeSync();
    await this.#connection.run(`insert into log_sample
      select make_timestamp((s.ts_ms * 1000)::bigint) as ts, make_timestamp((s.ts_ms * 1000)::bigint)::date as day,
             r.value, k.value, c.value, ck.value, ua.value, s.status, s.edge_ms, s.origin_ms
      from log_stage s
      join log_dict_route r on r.code = s.route_code
      join log_dict_key k on k.code = s.key_code
      join log_dict_consumer c on c.code = s.consumer_code
      join log_dict_kind ck on ck.code = s.kind_code
      join log_dict_user_agent ua on ua.code = s.user_agent_code`);
    await this.#connection.run('truncate log_stage');
    // Written rows stay in DuckDB's buffer pool until a checkpoint; checkpointing per move keeps
    // the process's memory flat however large the sample grows.
    await this.#connection.run('checkpoint');
    this.#appender = await this.#connection.createAppender('log_stage', 'main', 'temp');
  }

  /** Moves the last staged rows, closes the staging appender and drops the temporary tables. */
  async close(): Promise<void> {
    await this.endDay(true);
    this.#appender.closeSync();
    for (const name of ['log_stage', ...dictionaries.map((d) => `log_dict_${d}`)])
      await this.#connection.run(`drop table ${name}`);
    await this.#connection.run('set preserve_insertion_order = true');
  }
}
