// Interface C (docs/interfaces.md): the columns the console reads from the blast views, by name,
// and the stored throttle macro. Adding columns is allowed; losing or renaming one fails here.
import { describe, expect, it } from 'vitest';
import { useFixture } from '../../../helpers/fixture-db.ts';
import { blastFixture } from './blast-fixture.ts';

const db = useFixture(blastFixture);

const interfaceC: Record<string, string[]> = {
  v_blast_score: [
    'target_type',
    'target_id',
    'label',
    'score',
    'is_high_blast',
    'dependents',
    'requests_per_day',
    'dependents_points',
    'traffic_points',
    'slow_callers_points',
    'pending_change_points',
    'reason',
  ],
  v_blast_board: [
    'rank',
    'target_type',
    'target_id',
    'label',
    'score',
    'reason',
    'href',
    'paired_function_id',
    'paired_function_name',
  ],
  v_alerts: [
    'alert_id',
    'kind',
    'severity',
    'target_type',
    'target_id',
    'label',
    'cause',
    'evidence',
    'throttled_429',
    'quota_burn_pct',
    'blast_score',
    'next_step',
    'href',
    'target_href',
    'what_if_kind',
    'what_if_target_id',
    'suggested_rpm',
    'burn_rate',
  ],
  v_preview_rotate_key: [
    'key_id',
    'consumers_to_switch',
    'requests_per_day',
    'routes_reached',
    'has_overlap_window',
  ],
  v_preview_retire_route: ['route_id', 'dependents_calling', 'requests_per_day', 'agent_share_pct'],
  v_preview_change_function: ['function_id', 'routes_served', 'requests_per_day', 'consumers'],
  v_preview_rotate_key_consumers: ['key_id', 'consumer_id', 'name', 'consumer_href'],
  v_preview_retire_route_dependents: ['route_id', 'consumer_id', 'name', 'consumer_href'],
  v_preview_change_function_consumers: ['function_id', 'consumer_id', 'name', 'consumer_href'],
};

describe('interface C', () => {
  it.each(Object.entries(interfaceC))('%s has its agreed columns', async (view, columns) => {
    const rows = await db().query<{ column_name: string }>(
      `select column_name from (describe select * from ${view})`,
    );
    expect(rows.map((r) => r.column_name)).toEqual(expect.arrayContaining(columns));
  });

  it('stores the throttle macro in the workspace', async () => {
    const rows = await db().query(
      `select function_name from duckdb_functions() where function_name = 'preview_throttle' and function_type = 'table_macro'`,
    );
    expect(rows).toEqual([{ function_name: 'preview_throttle' }]);
  });

  it('scores every key, route and function once', async () => {
    const [row] = await db().query<{ scored: number; targets: number }>(
      `select (select count(*) from v_blast_score)::INTEGER as scored,
        ((select count(*) from keys) + (select count(*) from routes) + (select count(*) from functions))::INTEGER as targets`,
    );
    expect(row?.scored).toBe(row?.targets);
  });
});
