// DuckDB values as printable cells: numbers exact, timestamps ISO 8601 UTC, columns typed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { ExactNumber, isoTimestamp, resultSet, toCell } from '../../analysts/sql-values.ts';

let instance: DuckDBInstance;
let db: DuckDBConnection;
beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  db = await instance.connect();
});
afterAll(() => {
  db.closeSync();
  instance.closeSync();
});

/** The single cell of a one-value query. */
async function cell(sql: string) {
  const { rows } = resultSet(await db.runAndReadAll(`select ${sql} as v`));
  return rows[0]?.[0];
}

describe('toCell', () => {
  it.each([
    // [SQL expression, the cell it becomes]
    ['9007199254740993::BIGINT', new ExactNumber('9007199254740993')],
    [
      "'-170141183460469231731687303715884105728'::HUGEINT",
      new ExactNumber('-170141183460469231731687303715884105728'),
    ],
    ['18446744073709551615::UBIGINT', new ExactNumber('18446744073709551615')],
    ['12.50::DECIMAL(10,2)', new ExactNumber('12.50')],
    ['-0.05::DECIMAL(38,2)', new ExactNumber('-0.05')],
    ['42::INTEGER', new ExactNumber('42')],
    ['0.1::DOUBLE', new ExactNumber('0.1')],
    ["'NaN'::DOUBLE", 'NaN'],
    ["'infinity'::DOUBLE", 'Infinity'],
    ["TIMESTAMP '2026-11-01 10:00:00'", '2026-11-01T10:00:00.000Z'],
    ["TIMESTAMP '1969-12-31 23:59:59.999999'", '1969-12-31T23:59:59.999999Z'],
    ["TIMESTAMPTZ '2026-11-01 12:00:00+02'", '2026-11-01T10:00:00.000Z'],
    ["TIMESTAMP_S '2026-11-01 10:00:01'", '2026-11-01T10:00:01.000Z'],
    ["TIMESTAMP_MS '2026-11-01 10:00:01.5'", '2026-11-01T10:00:01.500Z'],
    ["TIMESTAMP_NS '2026-11-01 10:00:01.000000001'", '2026-11-01T10:00:01.000000001Z'],
    ["'infinity'::TIMESTAMP", 'infinity'],
    ["DATE '2026-11-01'", '2026-11-01'],
    ["TIME '10:00:00'", '10:00:00'],
    ["'x'", 'x'],
    ['true', true],
    ['null', null],
    ['[1, null]', [new ExactNumber('1'), null]],
    ["{'a': DATE '2026-01-01'}", { a: '2026-01-01' }],
    ["MAP {'k': 2}", [{ key: 'k', value: new ExactNumber('2') }]],
  ])('%s', async (sql, expected) => {
    expect(await cell(sql)).toEqual(expected);
  });

  it('leaves plain JavaScript values as they are', () => {
    expect(toCell('text')).toBe('text');
    expect(toCell(null)).toBeNull();
  });
});

describe('isoTimestamp', () => {
  it('is null beyond what a JavaScript date holds', () => {
    expect(isoTimestamp(9_000_000_000_000_000_000n, 1000n)).toBeNull();
  });
});

describe('resultSet', () => {
  it('marks numeric columns by their SQL type, whatever their values', async () => {
    const { columns } = resultSet(
      await db.runAndReadAll(
        "select 1::TINYINT a, 2::BIGINT b, 1.5::DECIMAL(4,1) c, 1.5::FLOAT d, 'x' e, null::DOUBLE f, DATE '2026-01-01' g",
      ),
    );
    expect(columns.map((c) => [c.name, c.numeric])).toEqual([
      ['a', true],
      ['b', true],
      ['c', true],
      ['d', true],
      ['e', false],
      ['f', true],
      ['g', false],
    ]);
  });
});
