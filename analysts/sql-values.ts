// DuckDB result values as cells for `npm run sql`: every number exact (BIGINT, HUGEINT and DECIMAL
// keep all their digits, never rounded through a double), timestamps as ISO 8601 in UTC with T and
// Z, and each column marked numeric or not from its SQL type (so a table can right-align it).
import {
  DuckDBArrayValue,
  DuckDBDecimalValue,
  DuckDBListValue,
  DuckDBMapValue,
  DuckDBStructValue,
  DuckDBTimestampMillisecondsValue,
  DuckDBTimestampNanosecondsValue,
  DuckDBTimestampSecondsValue,
  DuckDBTimestampTZValue,
  DuckDBTimestampValue,
  DuckDBTypeId,
  DuckDBUnionValue,
  type DuckDBResultReader,
  type DuckDBValue,
} from '@duckdb/node-api';

/** A number kept as its exact decimal text, so that no digit is lost on the way to JSON or CSV. */
export class ExactNumber {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** One value of a result, ready to print. */
export type Cell = null | boolean | string | ExactNumber | readonly Cell[] | { readonly [key: string]: Cell };

/** A column of a result: its name, and whether its SQL type is a number. */
export interface ResultColumn {
  name: string;
  numeric: boolean;
}

/** A whole result: columns, and rows of cells in column order. */
export interface ResultSet {
  columns: ResultColumn[];
  rows: Cell[][];
}

const numericTypes = new Set<DuckDBTypeId>([
  DuckDBTypeId.TINYINT,
  DuckDBTypeId.SMALLINT,
  DuckDBTypeId.INTEGER,
  DuckDBTypeId.BIGINT,
  DuckDBTypeId.HUGEINT,
  DuckDBTypeId.UTINYINT,
  DuckDBTypeId.USMALLINT,
  DuckDBTypeId.UINTEGER,
  DuckDBTypeId.UBIGINT,
  DuckDBTypeId.UHUGEINT,
  DuckDBTypeId.FLOAT,
  DuckDBTypeId.DOUBLE,
  DuckDBTypeId.DECIMAL,
  DuckDBTypeId.BIGNUM,
]);

/** Floor division and remainder of bigints (the remainder is never negative). */
function divMod(n: bigint, d: bigint): [bigint, bigint] {
  const q = n / d;
  const r = n % d;
  return r < 0n ? [q - 1n, r + d] : [q, r];
}

/**
 * ISO 8601 UTC (`2026-11-01T10:00:00.000Z`) of a count of `unit`s since the epoch, or null beyond
 * what a JavaScript date holds (±275,760 years). Milliseconds are always shown; finer digits only
 * when they are not zero (`.123456Z`).
 */
export function isoTimestamp(count: bigint, unitsPerMs: bigint): string | null {
  const [ms, sub] = divMod(count, unitsPerMs);
  const date = new Date(Number(ms));
  if (Number.isNaN(date.getTime())) return null;
  const iso = date.toISOString();
  if (sub === 0n) return iso;
  const digits = String(unitsPerMs).length - 1;
  return `${iso.slice(0, -1)}${String(sub).padStart(digits, '0')}Z`;
}

/** A timestamp value as ISO 8601 UTC; infinities and far dates in DuckDB's own text. */
const timestamp = (
  value: { isFinite: boolean; toString(): string },
  count: bigint,
  unitsPerMs: bigint,
): string => (value.isFinite ? isoTimestamp(count, unitsPerMs) : null) ?? value.toString();

/** A DuckDB value as a cell. */
export function toCell(value: DuckDBValue): Cell {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return new ExactNumber(value.toString());
  if (typeof value === 'number')
    return Number.isFinite(value) ? new ExactNumber(String(value)) : String(value);
  if (value instanceof DuckDBDecimalValue) return new ExactNumber(value.toString());
  if (value instanceof DuckDBTimestampValue || value instanceof DuckDBTimestampTZValue)
    return timestamp(value, value.micros, 1000n);
  if (value instanceof DuckDBTimestampMillisecondsValue) return timestamp(value, value.millis, 1n);
  if (value instanceof DuckDBTimestampSecondsValue) return timestamp(value, value.seconds * 1000n, 1n);
  if (value instanceof DuckDBTimestampNanosecondsValue) return timestamp(value, value.nanos, 1_000_000n);
  if (value instanceof DuckDBListValue || value instanceof DuckDBArrayValue) return value.items.map(toCell);
  if (value instanceof DuckDBStructValue)
    return Object.fromEntries(Object.entries(value.entries).map(([k, v]) => [k, toCell(v)]));
  if (value instanceof DuckDBMapValue)
    return value.entries.map(({ key, value: v }) => ({ key: toCell(key), value: toCell(v) }));
  if (value instanceof DuckDBUnionValue) return toCell(value.value);
  // Dates (YYYY-MM-DD), times, intervals, UUIDs, blobs, bits: DuckDB's own text.
  return String(value);
}

/** A reader's whole result as cells, with each column's name and numeric-ness. */
export function resultSet(reader: DuckDBResultReader): ResultSet {
  const names = reader.columnNames();
  const columns = names.map((name, i) => ({ name, numeric: numericTypes.has(reader.columnTypeId(i)) }));
  return { columns, rows: reader.getRows().map((row) => row.map(toCell)) };
}
