// The planted stories and the realism the console depends on, checked on the raw tables.
import { describe, expect, it } from 'vitest';
import {
  ASSISTANT_CONSUMERS,
  DEGRADED_FUNCTION,
  INCIDENTS,
  RESTARTS,
  JUST_OVER_CONSUMER,
  JUST_UNDER_CONSUMER,
  ROTATION_LAG_CONSUMERS,
  ROTATION_LAG_KEY,
  THROTTLE_STORM_CONSUMER,
  UNUSED_KEYS,
} from '../../simulator/world/stories.ts';
import { useSimulated } from './simulated.ts';

const workspace = useSimulated();

const one = async <Row>(sql: string, params?: Record<string, string>): Promise<Row> => {
  const [row] = await workspace().query<Row>(sql, params);
  if (!row) throw new Error(`no row: ${sql}`);
  return row;
};

const burnSql = `select c.name, 100.0 * max(q.cumulative_requests) / c.quota_requests_per_period as burn_pct,
    (select coalesce(sum(throttled_429), 0) from traffic_daily t where t.consumer_id = c.consumer_id)::double as throttled
  from consumers c join quota_daily q using (consumer_id) where c.name = $name
  group by c.name, c.consumer_id, c.quota_requests_per_period`;

describe('quota stories', () => {
  it('plants a throttle storm: many 429s and most of the quota burned', async () => {
    const row = await one<{ burn_pct: number; throttled: number }>(burnSql, {
      name: THROTTLE_STORM_CONSUMER,
    });
    expect(row.burn_pct).toBeGreaterThanOrEqual(90);
    expect(row.throttled).toBeGreaterThan(100_000);
  });

  it.each([
    [JUST_OVER_CONSUMER, 80, 81],
    [JUST_UNDER_CONSUMER, 79, 80],
  ])('plants %s at its quota target, on its side of 80 percent', async (name, low, high) => {
    const row = await one<{ burn_pct: number; throttled: number }>(burnSql, { name });
    expect(row.burn_pct).toBeGreaterThanOrEqual(low);
    expect(row.burn_pct).toBeLessThan(high);
    expect(row.throttled).toBe(0);
  });
});

describe('key stories', () => {
  it('plants a key with rotation lag whose consumers all depend on it alone', async () => {
    const key = await one<{ key_id: string; age_days: number; rotated_at: string | null; status: string }>(
      `select key_id, date_diff('day', created_at, (select as_of from workspace))::integer as age_days, rotated_at, status from keys where name = $name`,
      { name: ROTATION_LAG_KEY },
    );
    expect(key.age_days).toBeGreaterThan(365);
    expect(key.rotated_at).toBeNull();
    expect(key.status).toBe('active');
    const holders = await workspace().query<{ name: string; keys_held: number }>(
      `select c.name, (select count(*) from consumer_keys o where o.consumer_id = c.consumer_id)::integer as keys_held
       from consumer_keys ck join consumers c using (consumer_id) where ck.key_id = $key order by c.name`,
      { key: key.key_id },
    );
    expect(holders.map((h) => h.name)).toEqual([...ROTATION_LAG_CONSUMERS].sort());
    expect(holders.every((h) => h.keys_held === 1)).toBe(true);
  });

  it('keeps unused keys issued: no use for 30 days or more, no traffic in the period', async () => {
    const rows = await workspace().query<{ name: string; idle_days: number | null; requests: number }>(
      `select k.name, date_diff('day', k.last_used_at, (select as_of from workspace))::integer as idle_days,
              (select count(*) from traffic_daily t where t.key_id = k.key_id)::integer as requests
       from keys k where k.name in (select unnest($names::varchar[]))`,
      { names: `[${UNUSED_KEYS.join(',')}]` },
    );
    expect(rows.map((r) => r.name).sort()).toEqual([...UNUSED_KEYS].sort());
    for (const row of rows) {
      expect(row.idle_days === null || row.idle_days >= 30).toBe(true);
      expect(row.requests).toBe(0);
    }
  });

  it('has the documented demo sandbox key', async () => {
    const key = await one<{
      environment: string;
      status: string;
      plan: string;
      rpm_budget: number;
      expires_at: string | null;
      write: boolean;
    }>(
      "select environment, status, plan, rpm_budget, expires_at, list_contains(scopes, 'orders:write') as write from keys where key_id = 'key_demo_sandbox'",
    );
    expect(key).toEqual({
      environment: 'sandbox',
      status: 'active',
      plan: 'Sandbox',
      rpm_budget: 60,
      expires_at: null,
      write: true,
    });
  });
});

describe('route and function stories', () => {
  it('deprecates POST /v1/orders (prod) for POST /v2/orders, still called mostly by assistants', async () => {
    const row = await one<{
      successor: string;
      deprecated: boolean;
      assistant_pct: number;
      callers: string[];
    }>(
      `select s.method || ' ' || s.path || ' ' || s.stage as successor, r.deprecated,
              100.0 * sum(t.requests_assistant) / sum(t.requests) as assistant_pct,
              list_sort(list(distinct c.name)) as callers
       from routes r join routes s on s.route_id = r.successor_route_id
       join traffic_daily t on t.route_id = r.route_id join consumers c on c.consumer_id = t.consumer_id
       where r.method = 'POST' and r.path = '/v1/orders' and r.stage = 'prod' group by all`,
    );
    expect(row.successor).toBe('POST /v2/orders prod');
    expect(row.deprecated).toBe(true);
    expect(row.assistant_pct).toBeGreaterThan(50);
    expect(row.callers).toEqual(expect.arrayContaining([...ASSISTANT_CONSUMERS]));
  });

  it('plants a degraded function (slow) and an erroring one (many errors)', async () => {
    const rows = await workspace().query<{ status: string; error_pct: number; p99_ms: number }>(
      `select status, 100.0 * sum(errors) / sum(invocations) as error_pct, median(p99_ms) as p99_ms
       from function_daily join functions using (function_id) group by status order by status`,
    );
    const by = Object.fromEntries(rows.map((r) => [r.status, r]));
    expect(by.erroring?.error_pct).toBeGreaterThan(5);
    expect(by.healthy?.error_pct).toBeLessThan(0.5);
    expect(by.degraded?.p99_ms).toBeGreaterThan(2 * (by.healthy?.p99_ms ?? Infinity));
  });

  it('has a handful of hot paths (200K+ requests/day) and a long tail', async () => {
    const row = await one<{ hot: number; tail: number; routes: number }>(
      `select count(*) filter (where per_day >= 200000)::integer as hot, count(*) filter (where per_day < 50000)::integer as tail, count(*)::integer as routes
       from (select r.route_id, coalesce(sum(t.requests), 0) / (select days from workspace) as per_day
             from routes r left join traffic_daily t using (route_id) group by all)`,
    );
    expect(row.hot).toBeGreaterThanOrEqual(3);
    expect(row.hot).toBeLessThanOrEqual(10);
    expect(row.tail).toBeGreaterThan(row.routes / 2);
  });
});

describe('incidents and restarts', () => {
  it.each(INCIDENTS.map((incident) => [incident.fn, incident] as const))(
    'plants the %s outage: its function’s 5xx on its day, sampled inside its window',
    async (name, incident) => {
      const row = await one<{
        day_5xx: number;
        other_days_5xx: number;
        errors: number;
        inside: number;
        outside: number;
      }>(
        `with f as (select function_id, route_id from functions where name = $name and route_id in (select route_id from routes where stage = 'prod')),
           d as (select (as_of - $days::INTEGER)::DATE as day from workspace)
         select
           (select sum(status_5xx) from traffic_daily t, d where t.route_id = (select route_id from f) and t.day = d.day)::DOUBLE as day_5xx,
           (select avg(n) from (select sum(status_5xx) as n from traffic_daily t, d
              where t.route_id = (select route_id from f) and t.day <> d.day group by t.day))::DOUBLE as other_days_5xx,
           (select errors from function_daily x, d where x.function_id = (select function_id from f) and x.day = d.day)::DOUBLE as errors,
           (select count(*) from log_sample l, d where l.route_id = (select route_id from f) and l.status = $status
              and l.ts >= d.day + to_minutes($start::INTEGER) and l.ts < d.day + to_minutes($end::INTEGER))::INTEGER as inside,
           (select count(*) from log_sample l, d where l.route_id = (select route_id from f) and l.status = $status and l.day = d.day
              and (l.ts < d.day + to_minutes($start::INTEGER) or l.ts >= d.day + to_minutes($end::INTEGER)))::INTEGER as outside`,
        {
          name,
          days: String(incident.daysAgo),
          status: String(incident.status),
          start: String(incident.startMinute),
          end: String(incident.startMinute + incident.minutes),
        },
      );
      expect(row.day_5xx).toBeGreaterThan(5 * row.other_days_5xx);
      expect(row.errors).toBeGreaterThan(row.day_5xx * 0.9);
      expect(row.inside).toBeGreaterThan(0);
      // a 503 or 504 outside the window is a baseline failure, far rarer
      expect(row.outside).toBeLessThan(row.inside);
    },
  );

  it('burns the error budget enough to raise a fast and a slow burn alert, even on a thin sample', async () => {
    const rows = await workspace().query<{ rule: string; fn: string }>(
      `select b.rule, f.name as fn from v_alert_budget_burn b join functions f on f.function_id = b.top_function_id
       order by b.rule`,
    );
    expect(rows).toEqual([
      { rule: 'fast', fn: INCIDENTS[0]?.fn },
      { rule: 'slow', fn: INCIDENTS[1]?.fn },
    ]);
  });

  it('starts the degraded function cold far more often once its instances keep restarting', async () => {
    const rows = await workspace().query<{ restarting: boolean; cold_pct: number }>(
      `select d.day >= (select as_of from workspace) - $days::INTEGER as restarting,
         100.0 * sum(d.cold_starts) / sum(d.invocations) as cold_pct
       from function_daily d join functions f using (function_id) join routes r on r.route_id = f.route_id
       where f.name = $name and r.stage = 'prod' group by all`,
      { name: DEGRADED_FUNCTION, days: String(RESTARTS.daysAgo) },
    );
    const restarting = rows.find((r) => r.restarting);
    expect(restarting?.cold_pct).toBeGreaterThanOrEqual(100 * RESTARTS.coldRate * 0.9);
  });
});

describe('realism', () => {
  it('tells caller kinds apart by user agent', async () => {
    const rows = await workspace().query<{ caller_kind: string; agents: string[] }>(
      'select caller_kind, list(distinct user_agent) as agents from log_sample group by all',
    );
    const agents = Object.fromEntries(rows.map((r) => [r.caller_kind, r.agents.join('\n')]));
    expect(agents.assistant).toMatch(/ChatGPT-User|Claude-User|GPTBot|PerplexityBot/);
    expect(agents.automation).toMatch(/python-requests|Go-http-client|curl/);
    expect(agents.automation).not.toMatch(/Mozilla/);
    expect(agents.human).toMatch(/Mozilla\/5\.0 .*(Chrome|Safari|Firefox)/);
    expect(agents.human).not.toMatch(/bot|python-requests/i);
  });

  it('has weekly seasonality: people send less traffic at weekends', async () => {
    const row = await one<{ ratio: number }>(
      `select avg(n) filter (where dayofweek(day) in (0, 6)) / avg(n) filter (where dayofweek(day) not in (0, 6)) as ratio
       from (select day, sum(requests_human)::double as n from traffic_daily group by day)`,
    );
    expect(row.ratio).toBeLessThan(0.85);
  });

  it('has daily seasonality and long-tailed latencies in the log sample', async () => {
    const row = await one<{ night: number; afternoon: number; p50: number; p99: number }>(
      `select count(*) filter (where hour(ts) between 2 and 4 and caller_kind = 'human')::double as night,
              count(*) filter (where hour(ts) between 15 and 17 and caller_kind = 'human')::double as afternoon,
              quantile_cont(edge_ms + origin_ms, 0.5) as p50, quantile_cont(edge_ms + origin_ms, 0.99) as p99
       from log_sample`,
    );
    expect(row.afternoon).toBeGreaterThan(2 * row.night);
    expect(row.p99).toBeGreaterThan(5 * row.p50);
  });

  it('makes cold starts cost latency: cold-heavy functions have a higher p99', async () => {
    const row = await one<{ cold: number; warm: number }>(
      `select median(p99_ms) filter (where cold_pct >= 5) as cold, median(p99_ms) filter (where cold_pct < 1) as warm
       from (select function_id, 100.0 * sum(cold_starts) / sum(invocations) as cold_pct, max(p99_ms) as p99_ms
             from function_daily join functions using (function_id) where status = 'healthy' and runtime <> 'edge' group by all)`,
    );
    expect(row.cold).toBeGreaterThan(row.warm);
  });
});
