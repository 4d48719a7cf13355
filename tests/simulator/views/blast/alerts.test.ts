// v_alerts: every planted story of alerts-fixture.ts is found with its cause, evidence, blast and
// link; the same estate told cleanly raises nothing.
import { describe, expect, it } from 'vitest';
import type { AlertRow as ConsoleAlertRow } from '../../../../src/queries/overview.ts';
import { useFixture } from '../../../helpers/fixture-db.ts';
import { alertsFixture } from './alerts-fixture.ts';

/** A v_alerts row as the query below selects it (no label). */
type AlertRow = Omit<ConsoleAlertRow, 'label'>;

const alertsSql = `select alert_id, kind, severity, target_type, target_id, cause, evidence, throttled_429,
  quota_burn_pct, blast_score, next_step, href from v_alerts order by alert_id`;

describe('v_alerts on planted stories', () => {
  const db = useFixture(() => alertsFixture(true));

  it('raises exactly one alert per story', async () => {
    const rows = await db().query<AlertRow>(alertsSql);
    expect(rows.map((r) => [r.kind, r.target_type, r.target_id])).toEqual([
      ['function_errors', 'function', 'fn_broken'],
      ['p99_drift_cold_starts', 'function', 'fn_slow'],
      ['rotation_lag', 'key', 'key_old'],
      ['sunset_with_dependents', 'route', 'rt_old'],
      ['throttle_storm', 'consumer', 'con_storm'],
    ]);
  });

  it('names the cause and evidence of each, with numbers and the period', async () => {
    const byKind = new Map((await db().query<AlertRow>(alertsSql)).map((r) => [r.kind, r]));
    // key_old: created 2025-01-01, 669 days before 2026-11-01; con_a 150/day + con_b 20/day.
    expect(byKind.get('rotation_lag')).toMatchObject({
      cause:
        'production key never rotated since 2025-01-01 (669 days); every consumer still uses this one key material',
      evidence:
        '2 consumers at 170 requests/day (2026-10-22 to 2026-10-31) hold no other active production key; rotation lag threshold 180 days',
      href: '/app/api/keys/key_old#what-if',
    });
    // con_storm: 30 × 10 = 300 429s of 200 × 10 = 2,000 (15%); 9,650 of 10,000 = 96.5% burned;
    // 20 recorded minutes at 150 rpm over key_storm's 100.
    expect(byKind.get('throttle_storm')).toMatchObject({
      throttled_429: 300,
      quota_burn_pct: 96.5,
      cause:
        'demand bursts above the 100 rpm budget of key key_storm (peak 150 rpm); 96.5% of the Growth quota is burned too',
      evidence:
        '300 requests refused with 429 (15.0% of 2,000) from 2026-10-22 to 2026-10-31; 96.5% of quota burned; 20 minutes over 100 rpm',
      href: '/app/api/keys/key_storm#what-if',
    });
    // rt_old: sunset 2026-11-11, 10 days after as_of; con_a 50/day, no assistants.
    expect(byKind.get('sunset_with_dependents')).toMatchObject({
      cause: 'deprecated route sunsets on 2026-11-11 (10 days) while 1 consumer still calls it',
      evidence:
        '50 requests/day, 0.0% from assistants, from 2026-10-22 to 2026-10-31; successor GET /v2/things',
      href: '/app/api/routes/rt_old#what-if',
    });
    // rt_slow: p99 100 ms on 60 samples (10-22…10-24) → 300 ms on 70 (10-25…10-31): +200%;
    // fn_slow cold 10/1,000 = 1% → 100/1,000 = 10%.
    expect(byKind.get('p99_drift_cold_starts')).toMatchObject({
      cause: 'cold starts of fn_slow rose from 1.0% to 10.0% of invocations',
      evidence:
        'p99 of GET /v2/slow rose 200% from 100 ms to 300 ms (2026-10-25 to 2026-10-31 vs the 7 days before; 60 and 70 sampled requests)',
      href: '/app/api/functions/fn_slow#what-if',
    });
    // fn_broken: 100 × 10 = 1,000 of 10,000 invocations (10%); rt_broken 10 × 10 = 100 of 1,000 (10%).
    expect(byKind.get('function_errors')).toMatchObject({
      cause: 'invocations of fn_broken fail (10.0%), surfacing as 5xx on POST /v2/broken',
      evidence:
        '1,000 of 10,000 invocations failed (10.0%); POST /v2/broken answered 100 5xx (10.0% of 1,000 requests) from 2026-10-22 to 2026-10-31',
      href: '/app/api/functions/fn_broken#what-if',
    });
  });

  it('carries the blast score of each target and a next step', async () => {
    const rows = await db().query<AlertRow & { score: number }>(
      `select a.*, s.score from v_alerts a join v_blast_score s
         on s.target_id = coalesce(nullif(regexp_extract(a.href, '/app/api/keys/([^#]+)', 1), ''), a.target_id)`,
    );
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row.blast_score).toBe(row.score);
      expect(row.next_step.length).toBeGreaterThan(20);
      expect(['critical', 'warning']).toContain(row.severity);
    }
  });
});

describe('alerts link the what-if that answers them', () => {
  const db = useFixture(() => alertsFixture(true));

  it.each([
    ['rotation_lag', 'rotate', 'key_old', '/app/api/keys/key_old'],
    ['throttle_storm', 'throttle', 'key_storm', '/app/api/consumers/con_storm'],
    ['sunset_with_dependents', 'retire', 'rt_old', '/app/api/routes/rt_old'],
    ['p99_drift_cold_starts', 'change', 'fn_slow', '/app/api/functions/fn_slow'],
    ['function_errors', 'change', 'fn_broken', '/app/api/functions/fn_broken'],
  ])('%s: the %s what-if on %s; the target’s own page %s', async (kind, whatIf, on, targetHref) => {
    const [row] = await db().query(
      'select what_if_kind, what_if_target_id, target_href from v_alerts where kind = $kind',
      { kind },
    );
    expect(row).toEqual({ what_if_kind: whatIf, what_if_target_id: on, target_href: targetHref });
  });

  it('fills in the throttle what-if: the smallest rpm whose replay predicts zero 429s on the key', async () => {
    // key_storm's recorded demand: 1,000 minutes at 2 rpm and 20 at 150 rpm
    const [row] = await db().query<{ suggested_rpm: number; at: number; under: number }>(
      `select a.suggested_rpm,
         (select throttled_per_day from preview_throttle_total('key_storm', a.suggested_rpm)) as at,
         (select throttled_per_day from preview_throttle_total('key_storm', a.suggested_rpm - 1)) as under
       from v_alerts a where a.kind = 'throttle_storm'`,
    );
    // one rpm less refuses 1 request in each of the 20 minutes: 20 over 10 days = 2 a day
    expect(row).toEqual({ suggested_rpm: 150, at: 0, under: 2 });
  });

  it('leaves suggested_rpm and burn_rate empty where they do not apply', async () => {
    const rows = await db().query(
      `select kind from v_alerts where (suggested_rpm is not null) <> (kind = 'throttle_storm') or burn_rate is not null`,
    );
    expect(rows).toEqual([]);
  });
});

describe('v_alerts on a clean estate', () => {
  const db = useFixture(() => alertsFixture(false));

  it('raises nothing', async () => {
    expect(await db().query(alertsSql)).toEqual([]);
  });
});
