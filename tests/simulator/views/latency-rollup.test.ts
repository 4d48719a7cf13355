// log_latency_rollup against a reference written here: for any log sample, its p99s (and the daily
// p50) are the nearest-rank percentiles, the smallest value with at least that share of the sample
// at or below it (sorted ascending, index ceil(q × n) − 1).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baseFixture, withFixture } from '../../helpers/fixture-db.ts';
import { logLine, route } from '../../helpers/fixture-rows.ts';

/** Nearest-rank percentile of a non-empty list. */
function nearestRank(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(q * sorted.length) - 1]!;
}

// Latencies in hundredths of a millisecond, as the simulator writes them; two routes, two days.
const line = fc.record({
  route_id: fc.constantFrom('rt_a', 'rt_b'),
  day: fc.constantFrom('2026-10-30', '2026-10-31'),
  edge_ms: fc.integer({ min: 0, max: 5_000 }).map((v) => v / 100),
  origin_ms: fc.integer({ min: 0, max: 300_000 }).map((v) => v / 100),
});

interface RollupRow {
  grain: string;
  day: string | null;
  route_id: string | null;
  sample_requests: number;
  p50_ms: number | null;
  p99_ms: number;
  edge_p99_ms: number | null;
  origin_p99_ms: number | null;
}

describe('log_latency_rollup', () => {
  it('holds nearest-rank percentiles per route and day, per route, and overall', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 250 }), async (lines) => {
        const fixture = {
          ...baseFixture(),
          routes: [route({ route_id: 'rt_a' }), route({ route_id: 'rt_b' })],
          log_sample: lines.map((fields) => logLine(fields)),
        };
        const rows = await withFixture(fixture, (db) =>
          db.query<RollupRow>('select * from log_latency_rollup order by grain, route_id, day'),
        );
        const total = (subset: typeof lines) => subset.map((l) => l.edge_ms + l.origin_ms);
        const expected: RollupRow[] = [
          {
            grain: 'all',
            day: null,
            route_id: null,
            sample_requests: lines.length,
            p50_ms: null,
            p99_ms: nearestRank(total(lines), 0.99),
            edge_p99_ms: nearestRank(
              lines.map((l) => l.edge_ms),
              0.99,
            ),
            origin_p99_ms: nearestRank(
              lines.map((l) => l.origin_ms),
              0.99,
            ),
          },
        ];
        for (const routeId of ['rt_a', 'rt_b']) {
          const ofRoute = lines.filter((l) => l.route_id === routeId);
          if (ofRoute.length === 0) continue;
          expected.push({
            grain: 'route',
            day: null,
            route_id: routeId,
            sample_requests: ofRoute.length,
            p50_ms: null,
            p99_ms: nearestRank(total(ofRoute), 0.99),
            edge_p99_ms: null,
            origin_p99_ms: null,
          });
        }
        for (const routeId of ['rt_a', 'rt_b']) {
          for (const day of ['2026-10-30', '2026-10-31']) {
            const ofDay = lines.filter((l) => l.route_id === routeId && l.day === day);
            if (ofDay.length === 0) continue;
            expected.push({
              grain: 'route_day',
              day,
              route_id: routeId,
              sample_requests: ofDay.length,
              p50_ms: nearestRank(total(ofDay), 0.5),
              p99_ms: nearestRank(total(ofDay), 0.99),
              edge_p99_ms: null,
              origin_p99_ms: null,
            });
          }
        }
        expect(rows).toEqual(expected);
      }),
      { numRuns: 10 },
    );
  });
});
