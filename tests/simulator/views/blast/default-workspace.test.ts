// The views on the default demo workspace (simulated once into a temp file): the alerts find every
// planted story (the burns and the p99 drift included), the score has a believable spread and the
// board tells ten different stories, the throttle replay at the current budget reproduces the
// recorded 429s, statuses follow their rule, and the consumer and budget views agree with the rest.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../../simulator/config.ts';
import {
  ASSISTANT_CONSUMERS,
  DEGRADED_FUNCTION,
  ERRORING_FUNCTION,
  INCIDENTS,
  ROTATION_LAG_CONSUMERS,
  ROTATION_LAG_KEY,
  THROTTLE_STORM_CONSUMER,
  plantedBurnPct,
} from '../../../../simulator/world/stories.ts';
import { writeWorkspace } from '../../../../simulator/writer.ts';
import { openWorkspace, type Workspace } from '../../../../src/node/db.ts';

let dir = '';
let db: Workspace;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blast-default-'));
  const file = join(dir, 'estate.duckdb');
  await writeWorkspace(defaultConfig, file);
  db = await openWorkspace(file);
});

afterAll(() => {
  db?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface AlertRow {
  kind: string;
  target_type: string;
  label: string;
  evidence: string;
  quota_burn_pct: number | null;
  blast_score: number | null;
}

describe('alerts on the default workspace', () => {
  it('finds the rotation-lag key, shared by consumers that hold no other key', async () => {
    const rows = await db.query<AlertRow>(`select * from v_alerts where kind = 'rotation_lag'`);
    expect(rows.map((r) => r.label)).toEqual([ROTATION_LAG_KEY]);
    expect(rows[0]?.evidence).toMatch(new RegExp(`^${ROTATION_LAG_CONSUMERS.length} consumers at `));
    const holders = await db.query<{ name: string }>(
      `select c.name from v_preview_rotate_key_consumers c join keys k using (key_id)
       where k.name = $key and c.other_active_keys = 0 order by c.name`,
      { key: ROTATION_LAG_KEY },
    );
    expect(holders.map((h) => h.name)).toEqual([...ROTATION_LAG_CONSUMERS].sort());
  });

  it('finds the throttle storm, and only it, with its quota burn', async () => {
    const rows = await db.query<AlertRow>(`select * from v_alerts where kind = 'throttle_storm'`);
    expect(rows.map((r) => [r.label, r.quota_burn_pct])).toEqual([
      [THROTTLE_STORM_CONSUMER, plantedBurnPct[THROTTLE_STORM_CONSUMER]],
    ]);
  });

  it('warns about deprecated routes close to sunset that still have callers', async () => {
    const rows = await db.query<AlertRow>(
      `select * from v_alerts where kind = 'sunset_with_dependents' order by label`,
    );
    const expected = await db.query<{ label: string }>(
      `select method || ' ' || path as label from v_route_stats
       where deprecated and sunset_at <= (select as_of + 30 from v_period) and requests_per_day > 0 order by label`,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.label)).toEqual(expected.map((e) => e.label));
  });

  it('traces the erroring function behind its route’s 5xx', async () => {
    const rows = await db.query<AlertRow>(`select * from v_alerts where kind = 'function_errors'`);
    expect(rows.map((r) => r.label)).toEqual([ERRORING_FUNCTION]);
  });

  it('traces the p99 drift of the degraded function’s route to its cold starts', async () => {
    const rows = await db.query<AlertRow>(`select * from v_alerts where kind = 'p99_drift_cold_starts'`);
    expect(rows.map((r) => r.label)).toEqual([DEGRADED_FUNCTION]);
  });

  it('pages on the fast incident and warns on the slow one, each naming its window and the function that burned it', async () => {
    const rows = await db.query<{
      rule: string;
      day: string;
      fn: string;
      peak_burn_rate: number;
      cause: string;
    }>(
      `select b.rule, strftime(b.started_at, '%Y-%m-%d') as day, f.name as fn, b.peak_burn_rate, b.cause
       from v_alert_budget_burn b join functions f on f.function_id = b.top_function_id
       where b.rule <> 'sustained' order by b.started_at`,
    );
    const day = (daysAgo: number): string =>
      new Date(Date.parse('2026-11-01') - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const [fast, slow] = [INCIDENTS[0], INCIDENTS[1]];
    expect(rows.map((r) => [r.rule, r.day, r.fn])).toEqual([
      ['slow', day(slow?.daysAgo ?? 0), slow?.fn],
      ['fast', day(fast?.daysAgo ?? 0), fast?.fn],
    ]);
    expect(rows.find((r) => r.rule === 'fast')?.peak_burn_rate).toBeGreaterThanOrEqual(14.4);
    for (const row of rows)
      expect(row.cause).toMatch(
        /^5xx burned the error budget at [\d.]+× over (1 h|6 h) \(confirmed over (5|30) min/,
      );
    // and a sustained burn (1× over 3 days) warns that the budget runs out before the period ends
    const kinds = await db.query(
      `select split_part(alert_id, ':', 2) as rule, severity from v_alerts where kind = 'error_budget_burn' order by rule`,
    );
    expect(kinds).toEqual([
      { rule: 'fast', severity: 'critical' },
      { rule: 'slow', severity: 'warning' },
      { rule: 'sustained', severity: 'warning' },
    ]);
  });

  it('attributes every burn with shares adding up to exactly 100 per dimension', async () => {
    const sums = await db.query<{ hundredths: number }>(
      `select sum(round(share_pct * 100))::INTEGER as hundredths from v_alert_budget_burn_attribution group by alert_id, dimension
       union all
       select sum(round(share_pct * 100))::INTEGER from v_budget_burn_attribution group by dimension`,
    );
    expect(sums.length).toBe(12); // 3 burns × 3 dimensions, and the period's 3
    expect(sums.every((s) => s.hundredths === 10_000)).toBe(true);
  });

  it('suggests, for the throttle storm, the smallest rpm whose replay predicts no 429s on its key', async () => {
    // one rpm less refuses a request in the busiest minute: too few per day to show once rounded,
    // so the recorded demand is replayed unrounded
    const [row] = await db.query<{ at: number; refused_under: number }>(
      `select (select throttled_per_day from preview_throttle_total(a.what_if_target_id, a.suggested_rpm)) as at,
         (select sum(greatest(0, d.requests_per_minute - (a.suggested_rpm - 1)) * d.minutes) from blast_demand_rollup d
          where d.key_id = a.what_if_target_id)::INTEGER as refused_under
       from v_alerts a where kind = 'throttle_storm'`,
    );
    expect(row?.at).toBe(0);
    expect(row?.refused_under).toBeGreaterThan(0);
  });

  it('gives every alert a blast score, a cause and a link', async () => {
    const rows = await db.query<AlertRow & { href: string; cause: string }>('select * from v_alerts');
    for (const row of rows) {
      expect(row.blast_score).not.toBeNull();
      expect(row.cause).not.toBe('');
      expect(row.href).toMatch(/^\/app\/api\/(keys|routes|functions)\/[a-z]+_[a-z0-9]+#what-if$/);
    }
  });
});

describe('the retire preview on the default workspace', () => {
  it('lists the assistants that still call POST /v1/orders', async () => {
    const rows = await db.query<{ name: string; primary_caller_kind: string }>(
      `select d.name, d.primary_caller_kind from v_preview_retire_route_dependents d
       join routes r using (route_id) where r.method = 'POST' and r.path = '/v1/orders' and r.stage = 'prod'`,
    );
    const assistants = rows.filter((r) => r.primary_caller_kind === 'assistant').map((r) => r.name);
    expect(assistants).toEqual(expect.arrayContaining([...ASSISTANT_CONSUMERS]));
  });
});

describe('the score on the default workspace', () => {
  it('has a handful of high-blast targets, the rotation-lag key among them, most well below', async () => {
    const [spread] = await db.query<{ high: number; n: number; median: number }>(
      `select count(*) filter (where is_high_blast)::INTEGER as high, count(*)::INTEGER as n,
        median(score) as median from v_blast_score`,
    );
    expect(spread?.high).toBeGreaterThanOrEqual(3);
    expect(spread?.high).toBeLessThanOrEqual(8);
    expect(spread?.median).toBeLessThan(30);
    const risky = await db.query<{ label: string }>(`select label from v_blast_score where is_rotation_risk`);
    expect(risky.map((r) => r.label)).toContain(ROTATION_LAG_KEY);
  });

  it('counts the same dependents as the measure views', async () => {
    const mismatches = await db.query(
      `select s.target_id from v_blast_score s
       left join v_key_stats k on s.target_type = 'key' and k.key_id = s.target_id
       left join v_route_stats r on s.target_type = 'route' and r.route_id = s.target_id
       where s.target_type in ('key', 'route') and s.dependents <> coalesce(k.dependents, r.dependents)`,
    );
    expect(mismatches).toEqual([]);
  });
});

describe('statuses on the default workspace', () => {
  it('follow the rule for every function', async () => {
    const off = await db.query(
      `select name, reported_status, figures_status, status_reason from v_function_status where not follows_rule`,
    );
    expect(off).toEqual([]);
  });

  it('never show a healthy function slower than a degraded one, nor colder unless it is rarely called', async () => {
    const pairs = await db.query(
      `select h.name as healthy, d.name as degraded from v_function_status h, v_function_status d
       where h.figures_status = 'healthy' and d.figures_status = 'degraded'
         and (h.p99_ms > d.p99_ms or (h.cold_pct > d.cold_pct and h.is_busy))`,
    );
    expect(pairs).toEqual([]);
    const degraded = await db.query(`select name from v_function_status where figures_status = 'degraded'`);
    expect(degraded).toEqual([{ name: DEGRADED_FUNCTION }]);
  });
});

describe('the board on the default workspace', () => {
  it('tells ten different stories: no two entries with the same score, dependents and traffic', async () => {
    const [row] = await db.query<{ entries: number; stories: number; lone: number }>(
      `select count(*)::INTEGER as entries,
         count(distinct (score, dependents, requests_per_day))::INTEGER as stories,
         count(*) filter (where target_type = 'function' and target_id in
           (select function_id from v_blast_function_routes group by all having count(*) = 1))::INTEGER as lone
       from v_blast_board`,
    );
    expect(row).toEqual({ entries: 10, stories: 10, lone: 0 });
  });
});

describe('consumers and the budget on the default workspace', () => {
  it('count the consumers at quota risk as the Overview does, and end each burn series at its quota burn', async () => {
    const [row] = await db.query<{ at_risk: number; overview: number; mismatched: number }>(
      `select (select count(*) filter (where is_at_risk) from v_consumer_stats)::INTEGER as at_risk,
         (select quota_at_risk from v_overview) as overview,
         (select count(*) from v_consumer_burn_daily b join v_consumer_quota q using (consumer_id)
          where b.day = (select period_end from v_period) and b.cumulative_requests <> q.used_requests)::INTEGER as mismatched`,
    );
    expect(row).toEqual({ at_risk: 2, overview: 2, mismatched: 0 });
  });

  it('spends the error budget day by day to the figure v_availability shows, hours adding up to their day', async () => {
    const [row] = await db.query<{ daily: number; availability: number; off_days: number }>(
      `select (select cumulative_spent_pct from v_budget_burn_daily order by day desc limit 1) as daily,
         (select round(budget_spent_pct, 2) from v_availability) as availability,
         (select count(*) from v_budget_burn_daily d join (select day, sum(requests) as r, sum(status_5xx) as e
            from v_budget_burn_hourly group by day) h using (day)
          where abs(h.r - d.requests) > 1 or abs(h.e - d.status_5xx) > 1)::INTEGER as off_days`,
    );
    expect(row?.daily).toBe(row?.availability);
    expect(row?.off_days).toBe(0);
  });

  it('raises a burn alert over the day the budget runs out, whichever incident it precedes', async () => {
    // held out: the first day whose running 5xx reach (100 − target)% of the period's requests
    const [out] = await db.query<{ day: string | null }>(
      `with d as (select day, sum(requests) as r, sum(status_5xx) as e from traffic_daily group by all),
       run as (select day, sum(e) over (order by day) as spent, sum(r) over () as requests from d)
       select strftime(min(day), '%Y-%m-%d') as day from run cross join thresholds t
       where spent >= requests * (100 - t.availability_target_pct) / 100`,
    );
    expect(out?.day).toBeTruthy();
    const covering = await db.query<{ alert_id: string }>(
      `select a.alert_id from v_alert_budget_burn a join v_alerts v using (alert_id)
       where a.span_start::DATE <= $day::DATE and a.ended_at::DATE >= $day::DATE`,
      { day: out?.day ?? '' },
    );
    expect(covering.length, `no alert covers ${out?.day}`).toBeGreaterThan(0);
  });

  it('samples no request of any key outside its live span', async () => {
    const outside = await db.query(
      `select k.name from keys k join log_sample l using (key_id)
       group by k.name, k.created_at, k.last_used_at
       having min(l.ts) < k.created_at or max(l.ts) > k.last_used_at or k.last_used_at is null`,
    );
    expect(outside).toEqual([]);
  });
});

describe('the throttle replay on the default workspace', () => {
  it('predicts, at each key’s current budget, the 429s the key recorded', async () => {
    const rows = await db.query<{ key_id: string; recorded: number; predicted: number }>(
      `select k.key_id, round(sum(t.throttled_429)::DOUBLE / any_value(w.days), 1) as recorded,
         round((select coalesce(sum(throttled_per_day), 0) from preview_throttle(k.key_id, k.rpm_budget)), 1) as predicted
       from keys k join traffic_daily t using (key_id) cross join workspace w
       group by k.key_id, k.rpm_budget having sum(t.throttled_429) > 0`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.predicted, row.key_id).toBe(row.recorded);
  });
});
