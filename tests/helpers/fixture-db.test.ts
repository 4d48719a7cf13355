// The fixture helper itself: rows go in as bound values, unknown columns are refused.
import { describe, expect, it } from 'vitest';
import { baseFixture, openFixtureDb, withFixture } from './fixture-db.ts';
import { key, route } from './fixture-rows.ts';

describe('fixture db', () => {
  it('inserts plain objects, lists and timestamps included, and reads them back JSON-safe', async () => {
    const rows = await withFixture(
      { ...baseFixture(), keys: [key({ key_id: 'key_x', scopes: ['a', "b'c"] })] },
      (db) =>
        db.query<{ scopes: string[]; last_used_at: string; n: number }>(
          'select scopes, last_used_at, (select count(*)::INTEGER from plans) as n from keys',
        ),
    );
    expect(rows).toEqual([{ scopes: ['a', "b'c"], last_used_at: '2026-10-31 12:00:00', n: 4 }]);
  });

  it('binds query parameters', async () => {
    const rows = await withFixture(
      { ...baseFixture(), routes: [route({ route_id: 'rt_a' }), route({ route_id: 'rt_b' })] },
      (db) =>
        db.query<{ route_id: string }>('select route_id from routes where route_id = $id', { id: 'rt_b' }),
    );
    expect(rows).toEqual([{ route_id: 'rt_b' }]);
  });

  it('refuses a column the table does not have', async () => {
    const db = await openFixtureDb();
    try {
      await expect(db.insert('routes', [{ route_id: 'rt_a', nope: 1 }])).rejects.toThrow(/no column nope/);
    } finally {
      db.close();
    }
  });

  it('refuses rows once the views are applied, since rollups are built from the facts then', async () => {
    const db = await openFixtureDb();
    try {
      await db.insertAll(baseFixture());
      await db.applyViews();
      await expect(db.insert('routes', [route({ route_id: 'rt_late' })])).rejects.toThrow(
        /before the views are applied/,
      );
    } finally {
      db.close();
    }
  });
});
