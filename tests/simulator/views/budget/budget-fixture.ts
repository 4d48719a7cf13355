// Error-budget fixtures: log samples laid out request by request so a window's burn rate is known
// exactly, with daily facts that match the sample (a sampling rate of 1) or scale it. Base fixture:
// 10 days, 2026-10-22 … 2026-10-31, target 99.9% (a 5xx share of 0.1% burns at 1×).
import { baseFixture, type FixtureRows } from '../../../helpers/fixture-db.ts';
import { consumer, fn, key, route, traffic } from '../../../helpers/fixture-rows.ts';
import type { LogRow, TrafficRow } from '../../../helpers/fixture-tables.ts';

/** Where a sampled request went: its route, consumer and key. */
export interface Caller {
  route_id: string;
  consumer_id: string;
  key_id: string;
}

const rtA: Caller = { route_id: 'rt_a', consumer_id: 'con_a', key_id: 'key_a' };

/**
 * `count` requests spread evenly over [start, start + seconds) on `day` (the i-th at
 * floor(i × seconds × 1000 / count) ms), answered 200 except those `failed(i)` selects (503).
 */
export function requests(
  day: string,
  start: string,
  seconds: number,
  count: number,
  failed: (i: number) => Caller | null,
): LogRow[] {
  const startMs = Date.parse(`${day}T${start}Z`);
  return Array.from({ length: count }, (_, i) => {
    const ts = new Date(startMs + Math.floor((i * seconds * 1000) / count)).toISOString();
    const caller = failed(i);
    return {
      ts: ts.replace('T', ' ').replace('Z', ''),
      day,
      ...(caller ?? rtA),
      caller_kind: 'human',
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
      status: caller ? 503 : 200,
      edge_ms: 5,
      origin_ms: 20,
    };
  });
}

/** Daily facts matching a sample: per day and caller, its requests and 5xx, times `factor`. */
export function factsOf(sample: readonly LogRow[], factor: number): TrafficRow[] {
  const cells = new Map<string, { caller: Caller; day: string; requests: number; failed: number }>();
  for (const row of sample) {
    const id = `${row.day} ${row.route_id} ${row.consumer_id} ${row.key_id}`;
    const cell = cells.get(id) ?? { caller: row, day: row.day, requests: 0, failed: 0 };
    cell.requests += 1;
    cell.failed += row.status >= 500 ? 1 : 0;
    cells.set(id, cell);
  }
  return [...cells.values()].map(({ caller, day, requests: n, failed }) =>
    traffic({
      day,
      route_id: caller.route_id,
      consumer_id: caller.consumer_id,
      key_id: caller.key_id,
      requests: n * factor,
      status_5xx: failed * factor,
    }),
  );
}

/**
 * The estate the samples run on: rt_a (served by fn_a alone) and rt_b (served by fn_b1 and fn_b2,
 * which report 30 and 10 failed invocations on 2026-10-24), three consumers on one key each.
 */
export function budgetEstate(sample: LogRow[], factor = 1): FixtureRows {
  return {
    ...baseFixture(),
    consumers: ['con_a', 'con_b', 'con_c'].map((consumer_id) =>
      consumer({ consumer_id, name: `Name ${consumer_id}` }),
    ),
    keys: ['key_a', 'key_b', 'key_c'].map((key_id) => key({ key_id })),
    consumer_keys: [
      { consumer_id: 'con_a', key_id: 'key_a' },
      { consumer_id: 'con_b', key_id: 'key_b' },
      { consumer_id: 'con_c', key_id: 'key_c' },
    ],
    routes: [route({ route_id: 'rt_a', path: '/v2/a' }), route({ route_id: 'rt_b', path: '/v2/b' })],
    functions: [
      fn({ function_id: 'fn_a', route_id: 'rt_a' }),
      fn({ function_id: 'fn_b1', route_id: 'rt_b' }),
      fn({ function_id: 'fn_b2', route_id: 'rt_b' }),
    ],
    route_functions: [
      { route_id: 'rt_a', function_id: 'fn_a' },
      { route_id: 'rt_b', function_id: 'fn_b1' },
      { route_id: 'rt_b', function_id: 'fn_b2' },
    ],
    consumer_routes: [
      { consumer_id: 'con_a', route_id: 'rt_a', key_id: 'key_a' },
      { consumer_id: 'con_b', route_id: 'rt_a', key_id: 'key_b' },
      { consumer_id: 'con_b', route_id: 'rt_b', key_id: 'key_b' },
      { consumer_id: 'con_c', route_id: 'rt_b', key_id: 'key_c' },
    ],
    function_daily: [
      { day: '2026-10-24', function_id: 'fn_b1', invocations: 1000, cold_starts: 0, errors: 30, p99_ms: 50 },
      { day: '2026-10-24', function_id: 'fn_b2', invocations: 1000, cold_starts: 0, errors: 10, p99_ms: 50 },
    ],
    log_sample: sample,
    traffic_daily: factsOf(sample, factor),
  };
}

/**
 * A fast burn of exactly 14.4× on `day`: 625 requests from 12:00 to 13:00 (the long window
 * ending 13:00), the last nine answered 503 within 12:55–13:00 (the short window), 9/625 = 1.44% =
 * 14.4 × the 0.1% allowed. `extra` more successful requests in the hour lower the burn just under.
 * The nine 5xx: rt_a for con_a ×3 and con_b ×2, rt_b for con_b ×1 and con_c ×3.
 */
export function fastBurn(day: string, extra = 0): LogRow[] {
  const failedBy: Caller[] = [
    ...Array.from({ length: 3 }, () => rtA),
    { route_id: 'rt_a', consumer_id: 'con_b', key_id: 'key_b' },
    { route_id: 'rt_a', consumer_id: 'con_b', key_id: 'key_b' },
    { route_id: 'rt_b', consumer_id: 'con_b', key_id: 'key_b' },
    ...Array.from({ length: 3 }, () => ({ route_id: 'rt_b', consumer_id: 'con_c', key_id: 'key_c' })),
  ];
  const count = 625 + extra;
  return requests(day, '12:00:00', 3600, count, (i) => failedBy[i - (count - 9)] ?? null);
}

/**
 * A slow burn of exactly 6× on `day`: 1,000 requests from 06:00 to 12:00 (the 6-hour window ending
 * 12:00), six answered 503: the first (06:00:00, so the window ending 12:05 no longer holds it) and
 * the last five (inside the 30-minute window). `extra` more requests lower it just under.
 */
export function slowBurn(day: string, extra = 0): LogRow[] {
  const count = 1000 + extra;
  return requests(day, '06:00:00', 6 * 3600, count, (i) => (i === 0 || i >= count - 5 ? rtA : null));
}
