// The blast query module (src/queries/blast.ts) on the hand-computed blast fixture: each preview's
// numbers as the views give them, the retire preview's headers, and the throttle setup the page
// embeds predicting exactly what the SQL macro predicts.
import { describe, expect, it } from 'vitest';
import {
  blastConstants,
  blastScore,
  functionPreview,
  retirePreview,
  rotatePreview,
  throttlePreview,
  throttleSetup,
} from '../../src/queries/blast.ts';
import { predictThrottle, sortThrottleRows } from '../../src/components/blast/throttle-formula.ts';
import type { Workspace } from '../../src/lib/db.ts';
import { useFixture, type FixtureValue } from '../helpers/fixture-db.ts';
import { blastFixture } from '../simulator/views/blast/blast-fixture.ts';

const fixture = useFixture(blastFixture);

/** The fixture as the query module's Workspace. */
function ws(): Workspace {
  const db = fixture();
  return {
    query: (sql, params) => db.query(sql, params as Record<string, FixtureValue> | undefined),
    close: () => {},
  };
}

describe('blastScore', () => {
  it('reads one target with its breakdown and reason', async () => {
    const row = await blastScore('key', 'key_prod_a', ws());
    expect(row).toMatchObject({ score: 40.5, dependents: 3, requests_per_day: 800, pending_change: true });
    expect(row?.reason).toMatch(/^Production key used by 3 consumers/);
  });

  it('is undefined for an unknown target or a mismatched type', async () => {
    expect(await blastScore('key', 'key_nope', ws())).toBeUndefined();
    expect(await blastScore('route', 'key_prod_a', ws())).toBeUndefined();
  });

  it('reads the formula constants with the traffic cap', async () => {
    // 10 hot paths × 200,000 requests/day.
    expect(await blastConstants(ws())).toMatchObject({
      traffic_cap_per_day: 2_000_000,
      high_blast_score: 55,
    });
  });
});

describe('rotatePreview', () => {
  it('gives the summary and the consumers busiest first', async () => {
    const data = await rotatePreview('key_prod_a', ws());
    expect(data?.summary).toMatchObject({
      consumers_to_switch: 3,
      requests_per_day: 800,
      has_overlap_window: false,
    });
    expect(data?.consumers.map((c) => [c.consumer_id, c.requests_per_day])).toEqual([
      ['con_human', 500],
      ['con_bot', 200],
      ['con_agent', 100],
    ]);
  });

  it('is undefined for an unknown key', async () => {
    expect(await rotatePreview('key_nope', ws())).toBeUndefined();
  });
});

describe('retirePreview', () => {
  it('lists who still calls the deprecated route and the headers they receive', async () => {
    const data = await retirePreview('rt_orders_v1', ws());
    expect(data?.dependents.map((d) => [d.consumer_id, d.requests_per_day, d.agent_share_pct])).toEqual([
      ['con_agent', 100, 100],
    ]);
    expect(data?.functions.map((f) => [f.function_id, f.left_without_route])).toEqual([
      ['fn_legacy', true],
      ['fn_create', false],
    ]);
    // deprecated 2026-06-01 = 1,780,272,000 s; sunset 2027-01-31 (a Sunday); successor /v2/orders.
    expect(data?.headers).toEqual({
      Deprecation: '@1780272000',
      Sunset: 'Sun, 31 Jan 2027 00:00:00 GMT',
      Link: '</app/api/routes/rt_orders_v1>; rel="deprecation"; type="text/html", </v2/orders>; rel="successor-version"',
    });
  });

  it('proposes dates and the next version for a route not yet deprecated', async () => {
    const data = await retirePreview('rt_sandbox', ws());
    // as_of 2026-11-01 = 1,793,491,200 s; + 90 days = 2027-01-30 (a Saturday).
    expect(data?.headers).toEqual({
      Deprecation: '@1793491200',
      Sunset: 'Sat, 30 Jan 2027 00:00:00 GMT',
      Link: '</app/api/routes/rt_sandbox>; rel="deprecation"; type="text/html", </v3/orders/{order_id}>; rel="successor-version"',
    });
  });
});

describe('functionPreview', () => {
  it('gives routes and consumers behind a function, busiest first', async () => {
    const data = await functionPreview('fn_create', ws());
    expect(data?.summary).toMatchObject({ routes_served: 2, requests_per_day: 830, consumers: 3 });
    expect(data?.routes.map((r) => r.route_id)).toEqual(['rt_orders_v2', 'rt_orders_v1']);
    expect(data?.consumers.map((c) => c.consumer_id)).toEqual(['con_human', 'con_bot', 'con_agent']);
  });
});

describe('throttle', () => {
  it('starts from the key’s current budget, with a histogram that predicts what SQL predicts', async () => {
    const setup = await throttleSetup('key_prod_a', ws());
    // key() gives 600 rpm; levels: con_human 10, 50 (10 + 20 min), 80; con_bot 100; con_agent 30.
    expect(setup.rpm_budget).toBe(600);
    expect(setup.histogram.days).toBe(10);
    expect(setup.histogram.levels).toContainEqual({
      consumer_id: 'con_human',
      key_id: 'key_prod_a',
      requests_per_minute: 50,
      minutes: 30,
    });
    for (const rpm of [0, 25, 40, 99]) {
      const sql = await throttlePreview('key_prod_a', rpm, ws());
      expect(sortThrottleRows(predictThrottle(setup.histogram, rpm))).toEqual(sql);
    }
  });

  it('uses the busiest key’s budget for a consumer', async () => {
    // con_agent: key_prod_a 100/day, key_prod_b 30/day; both 600 rpm.
    expect((await throttleSetup('con_agent', ws())).rpm_budget).toBe(600);
  });

  it('refuses a budget that is not a whole number of requests', () => {
    expect(() => throttlePreview('key_prod_a', 1.5, ws())).toThrow(/whole number/);
    expect(() => throttlePreview('key_prod_a', -1, ws())).toThrow(/whole number/);
  });
});
