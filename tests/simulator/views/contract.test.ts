// Interface B and B2 (docs/interfaces.md): every measure view exists with at least the agreed columns,
// and no column comes back as a BigInt or decimal string (counts are INTEGER or DOUBLE).
import { describe, expect, it } from 'vitest';
import { baseFixture, useFixture } from '../../helpers/fixture-db.ts';
import { interfaceB2 } from './contract-b2.ts';

const contract: Record<string, string[]> = {
  v_period: ['as_of', 'period_start', 'period_end', 'days'],
  v_thresholds: [
    'quota_risk_pct',
    'hot_path_requests_per_day',
    'cold_heavy_pct',
    'high_blast_score',
    'unused_key_days',
    'availability_target_pct',
    'agent_heavy_share_pct',
  ],
  v_requests_daily: ['day', 'requests'],
  v_route_requests_daily: ['day', 'route_id', 'requests', 'errors', 'requests_assistant'],
  v_route_latency_daily: ['day', 'route_id', 'p50_ms', 'p99_ms'],
  v_route_stats: [
    'route_id',
    'method',
    'path',
    'api_version',
    'stage',
    'deprecated',
    'deprecated_at',
    'sunset_at',
    'successor_route_id',
    'requests_total',
    'requests_per_day',
    'error_pct',
    'p99_ms',
    'agent_share_pct',
    'dependents',
    'functions',
    'is_hot_path',
    'is_agent_heavy',
  ],
  v_route_counts: ['stage', 'routes', 'hot_paths', 'deprecated_paths', 'agent_heavy_paths'],
  v_overview_error_rate: [
    'sample_requests',
    'status_2xx',
    'status_3xx',
    'status_4xx',
    'status_5xx',
    'pct_2xx',
    'pct_3xx',
    'pct_4xx',
    'pct_5xx',
    'error_pct',
  ],
  v_overview_p99: ['edge_p99_ms', 'origin_p99_ms', 'total_p99_ms'],
  v_availability: [
    'availability_pct',
    'target_pct',
    'meets_target',
    'error_budget_pct',
    'budget_spent_pct',
    'budget_remaining_pct',
  ],
  v_caller_mix: ['caller_kind', 'requests', 'share_pct'],
  v_key_stats: [
    'key_id',
    'name',
    'environment',
    'status',
    'plan',
    'rpm_budget',
    'scopes',
    'created_at',
    'expires_at',
    'rotated_at',
    'last_used_at',
    'key_prefix',
    'key_last4',
    'days_since_used',
    'is_unused',
    'dependents',
    'requests_per_day',
    'routes',
  ],
  v_function_stats: [
    'function_id',
    'name',
    'runtime',
    'region',
    'route_id',
    'status',
    'invocations',
    'cold_starts',
    'cold_pct',
    'errors',
    'error_pct',
    'p99_ms',
    'is_cold_heavy',
  ],
  v_function_daily: ['day', 'function_id', 'invocations', 'cold_starts', 'errors', 'p99_ms'],
  v_consumer_quota: [
    'consumer_id',
    'name',
    'consumer_type',
    'plan',
    'primary_caller_kind',
    'quota_requests_per_period',
    'used_requests',
    'quota_burn_pct',
    'throttled_429',
    'is_at_risk',
  ],
  v_overview: [
    'requests_per_day',
    'error_pct',
    'edge_p99_ms',
    'origin_p99_ms',
    'total_p99_ms',
    'active_keys',
    'keys_total',
    'healthy_functions',
    'functions_total',
    'quota_at_risk',
    'availability_pct',
    'availability_target_pct',
    'assistant_share_pct',
  ],
  v_key_dependents: [
    'key_id',
    'consumer_id',
    'requests_per_day',
    'primary_caller_kind',
    'consumer_name',
    'consumer_href',
  ],
  v_route_dependents: [
    'route_id',
    'consumer_id',
    'key_id',
    'requests_per_day',
    'agent_share_pct',
    'primary_caller_kind',
    'consumer_name',
    'consumer_href',
  ],
  v_function_dependents: [
    'function_id',
    'route_id',
    'consumer_id',
    'requests_per_day',
    'consumer_name',
    'consumer_href',
  ],
};

interface Column {
  column_name: string;
  data_type: string;
}

const db = useFixture(baseFixture);
const interfaces = { ...contract, ...interfaceB2 };

describe.each(Object.entries(interfaces))('%s', (view, agreed) => {
  const columnsOf = () =>
    db().query<Column>(
      'select column_name, data_type from information_schema.columns where table_name = $view order by ordinal_position',
      { view },
    );

  it('has every agreed column', async () => {
    const names = (await columnsOf()).map((column) => column.column_name);
    expect(names).toEqual(expect.arrayContaining(agreed));
  });

  it('returns counts as INTEGER or DOUBLE, never BIGINT, HUGEINT or DECIMAL', async () => {
    const unsafe = (await columnsOf()).filter((column) => /BIGINT|HUGEINT|DECIMAL/.test(column.data_type));
    expect(unsafe).toEqual([]);
  });

  it('returns percentages and latencies as DOUBLE', async () => {
    const measured = (await columnsOf()).filter((column) => /(_pct|_ms)$/.test(column.column_name));
    expect(measured.filter((column) => column.data_type !== 'DOUBLE')).toEqual([]);
  });
});
