// Test fixtures on an in-memory DuckDB built exactly like the workspace file: the numbered table
// files, fixture rows inserted from plain objects (every value a bound parameter), then the views.
//
//   await withFixture({ ...baseFixture(), routes: [route({ route_id: 'rt_a' })] }, async (db) => {
//     const rows = await db.query<{ route_id: string }>('select route_id from v_route_stats');
//   });
//
// Entry points: withFixture(rows, fn) for one test; useFixture(rows) for a whole file (beforeAll /
// afterAll); loadFixture(rows) or openFixtureDb() to drive it yourself. baseFixture() holds the
// spec's thresholds, a 10-day workspace ending 2026-10-31 (as_of 2026-11-01) and the four plans;
// row builders with defaults (route, key, consumer, fn, traffic, logLine) are in ./fixture-rows.ts.
// Insert every row before the views are applied (the first query applies them): applying the
// views also builds rollup tables from the facts.
import { afterAll, beforeAll } from 'vitest';
import { DuckDBInstance, listValue, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import { applySql } from '../../simulator/sql/apply.ts';
import { tableOrder, type FixtureRows, type TableName } from './fixture-tables.ts';

export { baseFixture } from './fixture-rows.ts';
export type { FixtureRows, TableName } from './fixture-tables.ts';

/** A plain fixture value: strings for dates and timestamps, arrays for list columns. */
export type FixtureValue = string | number | bigint | boolean | null | readonly string[];

/** An in-memory workspace for one test. */
export interface FixtureDb {
  /**
   * Inserts rows (plain objects keyed by column name; missing columns are null) into one table.
   * Only before the views are applied: applying them builds rollups from the facts.
   */
  insert(table: TableName, rows: readonly object[]): Promise<void>;
  /** Inserts every table of a fixture, in schema order (parents before children). */
  insertAll(rows: FixtureRows): Promise<void>;
  /** Applies simulator/sql/views (once; query() does it too if nobody has). */
  applyViews(): Promise<void>;
  /** Runs parameterised SQL and returns JSON-safe rows (dates as ISO strings; cast counts in SQL). */
  query<Row>(sql: string, params?: Record<string, FixtureValue>): Promise<Row[]>;
  /** Runs a statement with no result (e.g. a test's own update). */
  run(sql: string, params?: Record<string, FixtureValue>): Promise<void>;
  /** Closes the connection and the instance. */
  close(): void;
}

/** Tables with a foreign key to themselves (routes.successor_route_id): inserted row by row. */
const selfReferencing = new Set<string>(['routes']);
/** Rows per insert statement (keeps the number of bound parameters per statement modest). */
const batchRows = 500;

/** Converts a plain value to something DuckDB binds; arrays become lists. */
function toDuckDB(value: FixtureValue | undefined): DuckDBValue {
  if (value === undefined) return null;
  if (Array.isArray(value)) return listValue([...(value as readonly string[])]);
  return value as DuckDBValue;
}

function toParams(params: Record<string, FixtureValue> | undefined): Record<string, DuckDBValue> | undefined {
  if (!params) return undefined;
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, toDuckDB(value)]));
}

/** The declared type of every column of a table, in table order. */
async function columnTypes(connection: DuckDBConnection, table: string): Promise<Map<string, string>> {
  const reader = await connection.runAndReadAll(
    'select column_name, data_type from duckdb_columns() where table_name = $table order by column_index',
    { table },
  );
  const rows = reader.getRowObjectsJson() as { column_name: string; data_type: string }[];
  if (rows.length === 0) throw new Error(`fixture: no table named ${table}`);
  return new Map(rows.map((row) => [row.column_name, row.data_type]));
}

/** Opens an in-memory database with every table created and nothing in it. */
export async function openFixtureDb(): Promise<FixtureDb> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  await applySql(connection, 'tables');
  let viewsApplied = false;

  const db: FixtureDb = {
    async insert(table, rows) {
      if (viewsApplied) {
        // Applying the views also builds rollup tables (log_latency_rollup) from the facts.
        throw new Error(`fixture: insert into ${table} before the views are applied (query() applies them)`);
      }
      if (rows.length === 0) return;
      const types = await columnTypes(connection, table);
      const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
      const unknown = columns.filter((column) => !types.has(column));
      if (unknown.length > 0) throw new Error(`fixture: ${table} has no column ${unknown.join(', ')}`);
      const insertBatch = async (batch: readonly object[]): Promise<void> => {
        const params: Record<string, DuckDBValue> = {};
        const tuples = batch.map((row, r) => {
          const values = columns.map((column, c) => {
            const name = `v${r}_${c}`;
            params[name] = toDuckDB((row as Record<string, FixtureValue | undefined>)[column]);
            // Column names come from the table itself (checked above); values are always bound.
            return `cast($${name} as ${types.get(column)})`;
          });
          return `(${values.join(', ')})`;
        });
        await connection.run(
          `insert into ${table} (${columns.join(', ')}) values ${tuples.join(', ')}`,
          params,
        );
      };
      // A foreign key to the same table is checked against rows already stored, so such a table
      // goes row by row (a successor listed before the row that names it); others in batches.
      const size = selfReferencing.has(table) ? 1 : batchRows;
      for (let start = 0; start < rows.length; start += size)
        await insertBatch(rows.slice(start, start + size));
    },
    async insertAll(fixture) {
      for (const table of tableOrder) {
        const rows = fixture[table];
        if (rows) await db.insert(table, rows);
      }
    },
    async applyViews() {
      if (viewsApplied) return;
      viewsApplied = true;
      await applySql(connection, 'views');
    },
    async query<Row>(sql: string, params?: Record<string, FixtureValue>) {
      await db.applyViews();
      const reader = await connection.runAndReadAll(sql, toParams(params));
      return reader.getRowObjectsJson() as Row[];
    },
    async run(sql, params) {
      await connection.run(sql, toParams(params));
    },
    close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
  return db;
}

/** Opens a fixture database holding `rows`, views applied: for a suite's beforeAll (close in afterAll). */
export async function loadFixture(rows: FixtureRows): Promise<FixtureDb> {
  const db = await openFixtureDb();
  try {
    await db.insertAll(rows);
    await db.applyViews();
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Runs `fn` on a fresh fixture database holding `rows` (inserted, then the views applied) and
 * always closes it. Without rows, `fn` gets an empty schema and inserts what it needs itself.
 */
export async function withFixture<T>(
  rowsOrFn: FixtureRows | ((db: FixtureDb) => Promise<T>),
  maybeFn?: (db: FixtureDb) => Promise<T>,
): Promise<T> {
  const rows = typeof rowsOrFn === 'function' ? {} : rowsOrFn;
  const fn = typeof rowsOrFn === 'function' ? rowsOrFn : maybeFn;
  if (!fn) throw new Error('withFixture: no test function');
  const db = await openFixtureDb();
  try {
    await db.insertAll(rows);
    if (typeof rowsOrFn !== 'function') await db.applyViews();
    return await fn(db);
  } finally {
    db.close();
  }
}

/**
 * Loads `rows` once for a whole test file (beforeAll) and closes it after (afterAll); returns a
 * getter for the database, usable inside tests.
 */
export function useFixture(rows: FixtureRows | (() => FixtureRows)): () => FixtureDb {
  let db: FixtureDb | undefined;
  beforeAll(async () => {
    db = await loadFixture(typeof rows === 'function' ? rows() : rows);
  });
  afterAll(() => {
    db?.close();
    db = undefined;
  });
  return () => {
    if (!db) throw new Error('useFixture: the fixture is not loaded (call the getter inside a test)');
    return db;
  };
}
