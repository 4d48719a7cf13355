// The throttle what-if: the stored macro preview_throttle(target_id, rpm) on the hand-computed
// blast fixture, and the page's TypeScript formula agreeing with it on generated histograms.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  predictThrottle,
  sortThrottleRows,
  totalThrottledPerDay,
  type DemandHistogram,
  type ThrottleRow,
} from '../../../../src/what-if/throttle/outcome.ts';
import { baseFixture, useFixture, withFixture, type FixtureDb } from '../../../helpers/fixture-db.ts';
import { consumer, key } from '../../../helpers/fixture-rows.ts';
import { blastFixture } from './blast-fixture.ts';

const db = useFixture(blastFixture);

const throttleSql = `select consumer_id, key_id, name, primary_caller_kind, requests_per_day, throttled_per_day,
  minutes_over_per_day, throttled_pct from preview_throttle($target_id, $rpm::INTEGER)
  order by throttled_per_day desc, requests_per_day desc, consumer_id, key_id`;

/** The histogram the page embeds, read with the query module's SQL files' logic. */
async function histogramOf(fixture: FixtureDb, targetId: string): Promise<DemandHistogram> {
  const streams = await fixture.query<DemandHistogram['streams'][number]>(
    `select distinct d.consumer_id, d.key_id, c.name, c.primary_caller_kind from key_demand_minute d
     join consumers c on c.consumer_id = d.consumer_id where d.key_id = $t or d.consumer_id = $t
     order by d.consumer_id, d.key_id`,
    { t: targetId },
  );
  const levels = await fixture.query<DemandHistogram['levels'][number]>(
    `select consumer_id, key_id, requests_per_minute, sum(minutes)::INTEGER as minutes from key_demand_minute
     where key_id = $t or consumer_id = $t group by all order by all`,
    { t: targetId },
  );
  const [{ days } = { days: 1 }] = await fixture.query<{ days: number }>('select days from workspace');
  return { target_id: targetId, days, streams, levels };
}

describe('preview_throttle on the blast fixture', () => {
  it('predicts 429s per day for each consumer of a key at 40 rpm', async () => {
    const rows = await db().query(throttleSql, { target_id: 'key_prod_a', rpm: 40 });
    expect(rows).toEqual([
      // con_human: over 40 rpm: (50−40)×10 + (50−40)×20 + (80−40)×5 = 100+200+200 = 500 → 50.0/day;
      // demand 10×100 + 50×10 + 50×20 + 80×5 = 2,900 → 290.0/day; 10+20+5 = 35 min → 3.5/day;
      // 500/2,900 = 17.24% (unrounded).
      row('con_human', 'key_prod_a', 'human', 290, 50, 3.5, (100 * 500) / 2900),
      // con_bot: (100−40)×3 = 180 → 18.0/day of 300 → 30.0/day; 3 min → 0.3/day; 60%.
      row('con_bot', 'key_prod_a', 'automation', 30, 18, 0.3, 60),
      // con_agent: 30 rpm never exceeds 40: 300 → 30.0/day, nothing refused.
      row('con_agent', 'key_prod_a', 'assistant', 30, 0, 0, 0),
    ]);
  });

  it('follows a consumer across its keys', async () => {
    const rows = await db().query(throttleSql, { target_id: 'con_agent', rpm: 40 });
    expect(rows).toEqual([
      // key_prod_b: (45−40)×4 = 20 → 2.0/day of 180 → 18.0/day; 4 min → 0.4/day; 20/180 = 11.11% (unrounded).
      row('con_agent', 'key_prod_b', 'assistant', 18, 2, 0.4, (100 * 20) / 180),
      row('con_agent', 'key_prod_a', 'assistant', 30, 0, 0, 0),
    ]);
  });

  it('refuses nothing at a budget above every recorded minute, and everything at 0 rpm', async () => {
    const generous = await db().query<ThrottleRow>(throttleSql, { target_id: 'key_prod_a', rpm: 100 });
    expect(generous.map((r) => r.throttled_per_day)).toEqual([0, 0, 0]);
    const none = await db().query<ThrottleRow>(throttleSql, { target_id: 'key_prod_a', rpm: 0 });
    // Everything refused: human 290/day first; agent and bot tie at 30/day, by consumer id.
    expect(none.map((r) => [r.consumer_id, r.throttled_per_day, r.throttled_pct])).toEqual([
      ['con_human', 290, 100],
      ['con_agent', 30, 100],
      ['con_bot', 30, 100],
    ]);
  });

  it('returns no rows for a target without recorded demand', async () => {
    expect(await db().query(throttleSql, { target_id: 'key_sandbox', rpm: 10 })).toEqual([]);
  });

  it('matches the page formula on the fixture', async () => {
    const histogram = await histogramOf(db(), 'key_prod_a');
    for (const rpm of [0, 10, 40, 50, 79, 80, 100]) {
      const sql = await db().query(throttleSql, { target_id: 'key_prod_a', rpm });
      expect(sortThrottleRows(predictThrottle(histogram, rpm))).toEqual(sql);
    }
    // 500 + 180 = 680 refused over 10 days at 40 rpm.
    expect(totalThrottledPerDay(histogram, 40)).toBe(68);
  });

  it('totals every stream in preview_throttle_total, as the page formula does', async () => {
    const totalSql = 'select throttled_per_day from preview_throttle_total($target_id, $rpm::INTEGER)';
    // 500 + 180 = 680 refused over 10 days at 40 rpm.
    expect(await db().query(totalSql, { target_id: 'key_prod_a', rpm: 40 })).toEqual([
      { throttled_per_day: 68 },
    ]);
    const histogram = await histogramOf(db(), 'key_prod_a');
    for (const rpm of [0, 10, 40, 50, 79, 80, 100]) {
      const [row] = await db().query<{ throttled_per_day: number }>(totalSql, {
        target_id: 'key_prod_a',
        rpm,
      });
      expect(row?.throttled_per_day).toBe(totalThrottledPerDay(histogram, rpm));
    }
    // No recorded demand: one row, nothing refused.
    expect(await db().query(totalSql, { target_id: 'key_sandbox', rpm: 10 })).toEqual([
      { throttled_per_day: 0 },
    ]);
  });
});

function row(
  consumer_id: string,
  key_id: string,
  primary_caller_kind: string,
  requests_per_day: number,
  throttled_per_day: number,
  minutes_over_per_day: number,
  throttled_pct: number,
): Omit<ThrottleRow, 'key_name'> {
  return {
    consumer_id,
    key_id,
    name: consumer_id,
    primary_caller_kind,
    requests_per_day,
    throttled_per_day,
    minutes_over_per_day,
    throttled_pct,
  };
}

/** Random recorded demand for two keys and three consumers over a few days. */
const demandArbitrary = fc.uniqueArray(
  fc.record({
    day: fc.constantFrom('2026-10-22', '2026-10-23', '2026-10-30'),
    key_id: fc.constantFrom('key_a', 'key_b'),
    consumer_id: fc.constantFrom('con_a', 'con_b', 'con_c'),
    requests_per_minute: fc.integer({ min: 1, max: 5_000 }),
    minutes: fc.integer({ min: 1, max: 1_440 }),
  }),
  {
    minLength: 1,
    maxLength: 40,
    selector: (d) => `${d.day}|${d.key_id}|${d.consumer_id}|${d.requests_per_minute}`,
  },
);

describe('the page formula and the SQL macro', () => {
  it('agree on generated histograms and budgets', async () => {
    await fc.assert(
      fc.asyncProperty(
        demandArbitrary,
        fc.array(fc.integer({ min: 0, max: 6_000 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 31 }),
        async (demand, budgets, days) => {
          const fixture = {
            ...baseFixture(),
            consumers: ['con_a', 'con_b', 'con_c'].map((consumer_id) => consumer({ consumer_id })),
            keys: ['key_a', 'key_b'].map((key_id) => key({ key_id })),
            key_demand_minute: demand,
          };
          fixture.workspace = fixture.workspace?.map((w) => ({ ...w, days }));
          await withFixture(fixture, async (fx) => {
            for (const target of ['key_a', 'key_b', 'con_a', 'con_c']) {
              const histogram = await histogramOf(fx, target);
              for (const rpm of budgets) {
                const sql = await fx.query(throttleSql, { target_id: target, rpm });
                expect(sortThrottleRows(predictThrottle(histogram, rpm))).toEqual(sql);
              }
            }
          });
        },
      ),
      { numRuns: 12 },
    );
    // Twelve fresh workspaces, each replayed in SQL: about 15 s on a quiet 2-core machine.
  }, 90_000);
});
