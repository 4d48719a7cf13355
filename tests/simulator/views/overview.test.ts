// The Overview's measures: error rate and caller mix (log sample), p99 (log sample), and the
// one-row v_overview, each against hand arithmetic (availability: availability.test.ts).
import { describe, expect, it } from 'vitest';
import { baseFixture, useFixture, withFixture } from '../../helpers/fixture-db.ts';
import {
  consumer,
  fn,
  key,
  logLine,
  route,
  traffic,
  type LogRow,
  type QuotaRow,
} from '../../helpers/fixture-rows.ts';

/** 20 sampled requests; statuses and caller kinds given as (status, kind) pairs; total i + 1 ms. */
function sample(lines: [number, string][]): LogRow[] {
  return lines.map(([status, caller_kind], i) =>
    logLine({ day: '2026-10-25', route_id: 'rt_a', status, caller_kind, edge_ms: 1, origin_ms: i + 1 }),
  );
}

// 2xx: 13 × 200 + 1 × 201 = 14; 3xx: 301, 304 = 2; 4xx: 400, 404, 429 = 3; 5xx: 503 = 1. Of 20.
// Callers: 10 human, 7 automation, 3 assistant.
const twenty = sample([
  ...Array.from({ length: 10 }, (): [number, string] => [200, 'human']),
  [200, 'automation'],
  [200, 'automation'],
  [200, 'automation'],
  [201, 'automation'],
  [301, 'automation'],
  [304, 'automation'],
  [400, 'automation'],
  [404, 'assistant'],
  [429, 'assistant'],
  [503, 'assistant'],
]);

const routeA = route({ route_id: 'rt_a' });
const sampled = useFixture({ ...baseFixture(), routes: [routeA], log_sample: twenty });

describe('v_overview_error_rate', () => {
  it('counts status classes of the log sample and their shares', async () => {
    // 14/20 = 70%, 2/20 = 10%, 3/20 = 15%, 1/20 = 5%; errors (3 + 1)/20 = 20%.
    expect(await sampled().query('select * from v_overview_error_rate')).toEqual([
      {
        sample_requests: 20,
        status_2xx: 14,
        status_3xx: 2,
        status_4xx: 3,
        status_5xx: 1,
        pct_2xx: 70,
        pct_3xx: 10,
        pct_4xx: 15,
        pct_5xx: 5,
        error_pct: 20,
      },
    ]);
  });
});

describe('v_caller_mix', () => {
  it.each([
    // 10/20 = 50%.
    { caller_kind: 'human', requests: 10, share_pct: 50 },
    // 7/20 = 35%.
    { caller_kind: 'automation', requests: 7, share_pct: 35 },
    // 3/20 = 15%.
    { caller_kind: 'assistant', requests: 3, share_pct: 15 },
  ])('$caller_kind', async (expected) => {
    const rows = await sampled().query(
      'select caller_kind, requests, share_pct from v_caller_mix where caller_kind = $k',
      {
        k: expected.caller_kind,
      },
    );
    expect(rows).toEqual([expected]);
  });

  it('always has three rows, zero for a kind absent from the sample', async () => {
    // Two human lines only: 100% human, 0 automation, 0 assistant.
    const rows = await withFixture(
      {
        ...baseFixture(),
        routes: [routeA],
        log_sample: sample([
          [200, 'human'],
          [200, 'human'],
        ]),
      },
      (db) => db.query('select caller_kind, requests, share_pct from v_caller_mix order by sort_order'),
    );
    expect(rows).toEqual([
      { caller_kind: 'human', requests: 2, share_pct: 100 },
      { caller_kind: 'automation', requests: 0, share_pct: 0 },
      { caller_kind: 'assistant', requests: 0, share_pct: 0 },
    ]);
  });
});

describe('v_overview_p99', () => {
  it('takes the p99 of edge + origin per request, not the sum of the two p99s', async () => {
    // 200 lines: edge i, origin 201 − i (i = 1..200). Nearest rank of the p99 in 200 values is the
    // 198th: edge 198, origin 198; but every request totals 201 ms, so the total p99 is 201.
    const lines = Array.from({ length: 200 }, (_, i) =>
      logLine({ day: '2026-10-25', route_id: 'rt_a', edge_ms: i + 1, origin_ms: 200 - i }),
    );
    const rows = await withFixture({ ...baseFixture(), routes: [routeA], log_sample: lines }, (db) =>
      db.query('select * from v_overview_p99'),
    );
    expect(rows).toEqual([{ edge_p99_ms: 198, origin_p99_ms: 198, total_p99_ms: 201 }]);
  });
});

describe('with an empty log sample', () => {
  it.each([
    // One row of nulls: nothing was sampled, so there is no percentile.
    { view: 'v_overview_p99', row: { edge_p99_ms: null, origin_p99_ms: null, total_p99_ms: null } },
    // Zero counts and no shares.
    {
      view: 'v_overview_error_rate',
      row: {
        sample_requests: 0,
        status_2xx: 0,
        status_3xx: 0,
        status_4xx: 0,
        status_5xx: 0,
        pct_2xx: null,
        pct_3xx: null,
        pct_4xx: null,
        pct_5xx: null,
        error_pct: null,
      },
    },
  ])('$view still answers one row', async ({ view, row }) => {
    const rows = await withFixture(baseFixture(), (db) => db.query(`select * from ${view}`));
    expect(rows).toEqual([row]);
  });
});

describe('v_overview', () => {
  const quota = (consumer_id: string, used: number): QuotaRow => ({
    day: '2026-10-31',
    consumer_id,
    requests_counted: used,
    cumulative_requests: used,
  });
  const overview = useFixture({
    ...baseFixture(),
    consumers: [
      consumer({ consumer_id: 'con_a', quota_requests_per_period: 1_000_000 }),
      consumer({ consumer_id: 'con_b', quota_requests_per_period: 1_000_000 }),
    ],
    keys: (['active', 'expiring', 'revoked', 'rotated'] as const).map((status) =>
      key({ key_id: `key_${status}`, status }),
    ),
    routes: [routeA],
    functions: (['healthy', 'healthy', 'degraded', 'erroring'] as const).map((status, i) =>
      fn({ function_id: `fn_${i}`, route_id: 'rt_a', status }),
    ),
    // the status is the rule's, not the report's: 0%, 0.5% (healthy), 1% (degraded), 5% (erroring) fail
    function_daily: [0, 5, 10, 50].map((errors, i) => ({
      day: '2026-10-25',
      function_id: `fn_${i}`,
      invocations: 1_000,
      cold_starts: 0,
      errors,
      p99_ms: 100,
    })),
    // 10,000 requests over 10 days, 10 of them 5xx: 1,000/day, (10,000 − 10)/10,000 = 99.9%.
    traffic_daily: [
      traffic({
        day: '2026-10-25',
        route_id: 'rt_a',
        consumer_id: 'con_a',
        key_id: 'key_active',
        requests: 10_000,
        status_5xx: 10,
      }),
    ],
    // con_a at 800,000/1,000,000 = 80% (at risk), con_b at 799,900 = 79.99% (not).
    quota_daily: [quota('con_a', 800_000), quota('con_b', 799_900)],
    log_sample: twenty,
  });

  it('gathers the headline figures in one row', async () => {
    expect(await overview().query('select * from v_overview')).toEqual([
      {
        requests_per_day: 1_000, // 10,000 / 10 days
        error_pct: 20, // (3 + 1) / 20 sampled
        edge_p99_ms: 1, // every edge is 1 ms
        origin_p99_ms: 20, // origins 1..20: nearest rank 20 of 20
        total_p99_ms: 21, // totals 2..21
        active_keys: 2, // active + expiring
        keys_total: 4,
        healthy_functions: 2, // fn_0 and fn_1 by their figures; no alert names a function
        functions_total: 4,
        quota_at_risk: 1, // con_a only
        availability_pct: 99.9,
        availability_target_pct: 99.9,
        availability_meets_target: true,
        assistant_share_pct: 15, // 3 / 20 sampled
      },
    ]);
  });
});
