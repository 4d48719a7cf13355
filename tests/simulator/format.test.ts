// Output formats of `npm run sql`.
import { describe, expect, it } from 'vitest';
import { formatRows } from '../../simulator/format.ts';

const columns = ['name', 'requests', 'note'];
const rows = [
  { name: 'GET /v2/orders', requests: 1200, note: null },
  { name: 'POST /v2/orders', requests: 35, note: 'has "quotes", and commas' },
];

describe('formatRows', () => {
  it('aligns a table: text left, numbers right, NULL shown, row count below', () => {
    expect(formatRows('table', columns, rows).split('\n')).toEqual([
      'name             requests  note',
      '---------------  --------  ------------------------',
      'GET /v2/orders       1200  NULL',
      'POST /v2/orders        35  has "quotes", and commas',
      '(2 rows)',
    ]);
  });

  it('writes RFC 4180 CSV with empty NULLs', () => {
    expect(formatRows('csv', columns, rows)).toBe(
      'name,requests,note\nGET /v2/orders,1200,\nPOST /v2/orders,35,"has ""quotes"", and commas"',
    );
  });

  it('writes JSON that parses back to the rows', () => {
    expect(JSON.parse(formatRows('json', columns, rows))).toEqual(rows);
  });

  it('prints an empty result as a header and a zero count', () => {
    expect(formatRows('table', ['a'], [])).toBe('a\n-\n(0 rows)');
  });
});
