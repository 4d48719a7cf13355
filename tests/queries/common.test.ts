// The thresholds every page names in its text come from v_thresholds, as numbers.
import { describe, expect, it } from 'vitest';
import { thresholds } from '../../src/queries/common.ts';
import { baseFixture, withFixture } from '../helpers/fixture-db.ts';
import { asWorkspace } from './console-fixture.ts';

describe('thresholds', () => {
  it('reads the spec’s thresholds from v_thresholds, every value a number', async () => {
    const row = await withFixture(baseFixture(), (db) => thresholds(asWorkspace(db)));
    expect(row).toEqual({
      quota_risk_pct: 80,
      hot_path_requests_per_day: 200_000,
      cold_heavy_pct: 5,
      high_blast_score: 55,
      unused_key_days: 30,
      availability_target_pct: 99.9,
      agent_heavy_share_pct: 25,
    });
  });

  it('follows the thresholds table when a workspace defines other values', async () => {
    const base = baseFixture();
    const [defaults] = base.thresholds ?? [];
    if (!defaults) throw new Error('baseFixture has no thresholds row');
    const changed = { ...defaults, hot_path_requests_per_day: 150_000, cold_heavy_pct: 7.5 };
    const rows = { ...base, thresholds: [changed] };
    const row = await withFixture(rows, (db) => thresholds(asWorkspace(db)));
    expect(row.hot_path_requests_per_day).toBe(150_000);
    expect(row.cold_heavy_pct).toBe(7.5);
  });
});
