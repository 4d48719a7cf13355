// Output formats of `npm run sql`: aligned table, CSV, JSON; numbers exact in every one.
import { describe, expect, it } from 'vitest';
import { formatRows, jsonText } from '../../analysts/format.ts';
import { ExactNumber, type Cell, type ResultSet } from '../../analysts/sql-values.ts';

const n = (text: string) => new ExactNumber(text);
const result: ResultSet = {
  columns: [
    { name: 'name', numeric: false },
    { name: 'requests', numeric: true },
    { name: 'note', numeric: false },
  ],
  rows: [
    ['GET /v2/orders', n('1200'), null],
    ['POST /v2/orders', n('35'), 'has "quotes", and commas'],
  ],
};

describe('formatRows', () => {
  it('aligns a table: text left, numbers right, NULL shown, row count below', () => {
    expect(formatRows('table', result).split('\n')).toEqual([
      'name             requests  note',
      '---------------  --------  ------------------------',
      'GET /v2/orders       1200  NULL',
      'POST /v2/orders        35  has "quotes", and commas',
      '(2 rows)',
    ]);
  });

  it('right-aligns a numeric column even when its cells are all NULL', () => {
    const nulls: ResultSet = { columns: [{ name: 'p99_ms', numeric: true }], rows: [[null]] };
    expect(formatRows('table', nulls).split('\n')[2]).toBe('  NULL');
  });

  it('writes RFC 4180 CSV with empty NULLs', () => {
    expect(formatRows('csv', result)).toBe(
      'name,requests,note\nGET /v2/orders,1200,\nPOST /v2/orders,35,"has ""quotes"", and commas"',
    );
  });

  it('writes JSON that parses back to the rows, indented as JSON.stringify indents', () => {
    const rows = [
      { name: 'GET /v2/orders', requests: 1200, note: null },
      { name: 'POST /v2/orders', requests: 35, note: 'has "quotes", and commas' },
    ];
    expect(formatRows('json', result)).toBe(JSON.stringify(rows, null, 2));
  });

  it('prints an empty result as a header and a zero count, and as an empty JSON array', () => {
    const empty: ResultSet = { columns: [{ name: 'a', numeric: false }], rows: [] };
    expect(formatRows('table', empty)).toBe('a\n-\n(0 rows)');
    expect(formatRows('json', empty)).toBe('[]');
  });
});

describe('jsonText', () => {
  it.each<[string, Cell, string]>([
    // [what, cell, JSON text]
    ['a number past 2^53 keeps every digit', n('9007199254740993'), '9007199254740993'],
    ['a decimal keeps its scale', n('12.50'), '12.50'],
    ['a string is escaped', 'a"b\n', '"a\\"b\\n"'],
    [
      'nested lists and objects, compact',
      [n('1'), { at: '2026-11-01T00:00:00.000Z', x: null }],
      '[1,{"at":"2026-11-01T00:00:00.000Z","x":null}]',
    ],
    ['empty containers', [[], {}], '[[],{}]'],
  ])('%s', (_what, cell, text) => {
    expect(jsonText(cell)).toBe(text);
  });

  it('indents nested values as JSON.stringify(value, null, 2) does', () => {
    const value = { a: [1, { b: [] }], c: {} };
    const cell: Cell = { a: [n('1'), { b: [] }], c: {} };
    expect(jsonText(cell, 2)).toBe(JSON.stringify(value, null, 2));
  });
});
