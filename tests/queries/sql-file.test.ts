// Query rows are checked where they cross from SQL into TypeScript: a view that lost or renamed a
// column, or changed its type, fails loudly, naming the query and the column, instead of reaching
// a page as undefined.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { overviewFigures } from '../../src/queries/overview.ts';
import { checkRows } from '../../src/queries/sql-file.ts';
import { baseFixture, withFixture } from '../helpers/fixture-db.ts';
import { asWorkspace } from './console-fixture.ts';

/** The Overview's figures after replacing v_overview by `select <columns> from` the original. */
function figuresWith(columns: string) {
  return withFixture(baseFixture(), async (db) => {
    await db.run('create table overview_copy as select * from v_overview');
    await db.run(`create or replace view v_overview as select ${columns} from overview_copy`);
    return overviewFigures(asWorkspace(db));
  });
}

describe('rows checked at the boundary', () => {
  it('reads a view whose columns are as declared', async () => {
    expect(await figuresWith('*')).toMatchObject({ active_keys: expect.any(Number) as number });
  });

  it.each([
    // a column renamed in the view (the query reads `select * from v_overview`)
    [
      '* rename (healthy_functions as functions_healthy)',
      /overview\/overview_figures.*"healthy_functions" is missing/,
    ],
    // a column dropped
    ['* exclude (quota_at_risk)', /"quota_at_risk" is missing/],
    // a column of another type (text where a number is declared)
    ['* replace (active_keys::VARCHAR as active_keys)', /"active_keys": expected number, got string/],
  ])('refuses v_overview as `select %s`', async (columns, message) => {
    await expect(figuresWith(columns)).rejects.toThrow(message);
  });
});

describe('checkRows', () => {
  const row = z.object({ id: z.string(), n: z.number().nullable() });

  it('returns the rows, typed, when every row fits', () => {
    const rows = [
      { id: 'a', n: 1 },
      { id: 'b', n: null },
    ];
    expect(checkRows('q', row, rows)).toBe(rows);
  });

  it.each<[string, unknown[], RegExp]>([
    // the first bad row is named by its index, and every bad column of it
    ['a missing column', [{ id: 'a', n: 1 }, { id: 'b' }], /^query q, row 1: column "n" is missing$/],
    ['a wrong type', [{ id: 1, n: 1 }], /^query q, row 0: column "id": expected string, got number$/],
    ['a null where none is allowed', [{ id: null, n: 1 }], /column "id": expected string, got null/],
  ])('refuses %s', (_name, rows, message) => {
    expect(() => checkRows('q', row, rows)).toThrow(message);
  });
});
