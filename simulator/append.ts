// Appender helpers: plain rows for the small tables, typed column batches for the log sample.
import {
  DuckDBDataChunk,
  DuckDBDataChunkWriter,
  DuckDBDateValue,
  DuckDBTimestampValue,
  DuckDBTypeId,
  JSToDuckDBValueConverter,
  type DuckDBAppender,
  type DuckDBConnection,
  type DuckDBType,
} from '@duckdb/node-api';
import type { LogBatch } from './traffic/log-sample.ts';

/** A row as plain JS: ISO strings for dates and timestamps, numbers, strings, arrays, null. */
export type PlainRow = Record<string, unknown>;

const DAY_MS = 86_400_000;

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

/** Writes log batches into log_sample through one appender, a data chunk per batch. */
export class LogSampleAppender {
  readonly #appender: DuckDBAppender;
  readonly #types: DuckDBType[];
  readonly #dict: LogDictionaries;
  rows = 0;

  private constructor(appender: DuckDBAppender, dict: LogDictionaries) {
    this.#appender = appender;
    this.#dict = dict;
    this.#types = Array.from({ length: appender.columnCount }, (_, i) => appender.columnType(i));
  }

  /** Opens an appender on log_sample. */
  static async open(connection: DuckDBConnection, dict: LogDictionaries): Promise<LogSampleAppender> {
    return new LogSampleAppender(await connection.createAppender('log_sample'), dict);
  }

  /** Appends the batch's rows (its size may be short of a full chunk). */
  append(batch: LogBatch): void {
    const n = batch.size;
    if (n === 0) return;
    const chunk = DuckDBDataChunk.create(this.#types, n);
    const d = this.#dict;
    const day = new DuckDBDateValue(Math.floor(batch.dayMs / DAY_MS));
    chunk.setColumns([
      Array.from({ length: n }, (_, i) => new DuckDBTimestampValue(BigInt(batch.tsMs[i] as number) * 1000n)),
      new Array<DuckDBDateValue>(n).fill(day),
      Array.from({ length: n }, (_, i) => d.routeIds[batch.route[i] as number] as string),
      Array.from({ length: n }, (_, i) => d.keyIds[batch.key[i] as number] as string),
      Array.from({ length: n }, (_, i) => d.consumerIds[batch.consumer[i] as number] as string),
      Array.from({ length: n }, (_, i) => d.callerKinds[batch.kind[i] as number] as string),
      Array.from({ length: n }, (_, i) => d.userAgents[batch.userAgent[i] as number] as string),
      Array.from(batch.status.subarray(0, n)),
      Array.from(batch.edgeMs.subarray(0, n)),
      Array.from(batch.originMs.subarray(0, n)),
    ]);
    this.#appender.appendDataChunk(chunk);
    this.rows += n;
  }

  /** Flushes and closes the appender. */
  close(): void {
    this.#appender.closeSync();
  }
}
