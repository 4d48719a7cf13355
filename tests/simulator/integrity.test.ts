// Referential integrity, vocabularies and internal consistency of a simulated workspace.
import { describe, expect, it } from 'vitest';
import { callerKindOf } from '../../src/lib/caller-kind.ts';
import { useSimulated } from './simulated.ts';

const workspace = useSimulated();

const count = async (sql: string): Promise<number> => {
  const [row] = await workspace().query<{ n: number }>(`select count(*)::integer as n from (${sql})`);
  return row?.n ?? -1;
};

// [child table, child column(s), parent table, parent column(s)]: every value must exist in the parent.
const foreignKeys: [string, string, string, string][] = [
  ['consumers', 'plan', 'plans', 'plan'],
  ['keys', 'plan', 'plans', 'plan'],
  ['consumer_keys', 'consumer_id', 'consumers', 'consumer_id'],
  ['consumer_keys', 'key_id', 'keys', 'key_id'],
  ['routes', 'successor_route_id', 'routes', 'route_id'],
  ['functions', 'route_id', 'routes', 'route_id'],
  ['route_functions', 'route_id', 'routes', 'route_id'],
  ['route_functions', 'function_id', 'functions', 'function_id'],
  ['consumer_routes', 'consumer_id, key_id', 'consumer_keys', 'consumer_id, key_id'],
  ['consumer_routes', 'route_id', 'routes', 'route_id'],
  ['traffic_daily', 'consumer_id, route_id, key_id', 'consumer_routes', 'consumer_id, route_id, key_id'],
  ['log_sample', 'consumer_id, route_id, key_id', 'consumer_routes', 'consumer_id, route_id, key_id'],
  ['quota_daily', 'consumer_id', 'consumers', 'consumer_id'],
  ['function_daily', 'function_id', 'functions', 'function_id'],
  ['key_demand_minute', 'consumer_id, key_id', 'consumer_keys', 'consumer_id, key_id'],
];

describe('foreign keys, facts included', () => {
  it.each(foreignKeys)('%s(%s) → %s(%s)', async (child, childCols, parent, parentCols) => {
    const nonNull = childCols
      .split(', ')
      .map((c) => `${c} is not null`)
      .join(' and ');
    expect(
      await count(
        `select ${childCols} from ${child} where ${nonNull} except select ${parentCols} from ${parent}`,
      ),
    ).toBe(0);
  });

  it('functions.route_id is one of the routes the function serves', async () => {
    expect(
      await count(
        'select route_id, function_id from functions except select route_id, function_id from route_functions',
      ),
    ).toBe(0);
  });

  it('every route resolves to at least one function', async () => {
    expect(await count('select route_id from routes except select route_id from route_functions')).toBe(0);
  });

  it('a key only calls routes of its own environment', async () => {
    const mismatched = `select 1 from consumer_routes cr join keys k using (key_id) join routes r using (route_id)
      where r.stage <> case k.environment when 'production' then 'prod' else k.environment end`;
    expect(await count(mismatched)).toBe(0);
  });
});

// [what, query returning offending rows]
const vocabularies: [string, string][] = [
  ['key environment', "select 1 from keys where environment not in ('production', 'sandbox', 'staging')"],
  ['key status', "select 1 from keys where status not in ('active', 'expiring', 'revoked', 'rotated')"],
  ['plan names', "select 1 from plans where plan not in ('Internal', 'Sandbox', 'Growth', 'Enterprise')"],
  ['route method', "select 1 from routes where method not in ('GET', 'POST', 'PUT', 'PATCH', 'DELETE')"],
  ['route stage', "select 1 from routes where stage not in ('prod', 'sandbox', 'staging')"],
  [
    'route version is the path prefix',
    "select 1 from routes where api_version not in ('v1', 'v2', 'v3') or not starts_with(path, '/' || api_version || '/')",
  ],
  [
    'deprecation dates only on deprecated routes',
    'select 1 from routes where deprecated <> (deprecated_at is not null) or deprecated <> (sunset_at is not null)',
  ],
  ['function runtime', "select 1 from functions where runtime not in ('node', 'python', 'go', 'edge')"],
  ['function status', "select 1 from functions where status not in ('healthy', 'degraded', 'erroring')"],
  ['consumer type', "select 1 from consumers where consumer_type not in ('team', 'customer')"],
  [
    'consumer caller kind',
    "select 1 from consumers where primary_caller_kind not in ('human', 'automation', 'assistant')",
  ],
  [
    'log caller kind',
    "select 1 from log_sample where caller_kind not in ('human', 'automation', 'assistant')",
  ],
  ['log status code', 'select 1 from log_sample where status < 200 or status > 599'],
  ['log latencies', 'select 1 from log_sample where edge_ms <= 0 or origin_ms < 0'],
  ['log day is the timestamp day', 'select 1 from log_sample where ts::date <> day'],
  [
    'key prefix per environment',
    "select 1 from keys where key_prefix <> case environment when 'production' then 'sk_live' when 'sandbox' then 'sk_test' else 'sk_stg' end",
  ],
  [
    'key hash and last four',
    "select 1 from keys where not regexp_full_match(key_hash_sha256, '[0-9a-f]{64}') or not regexp_full_match(key_last4, '[0-9A-Za-z]{4}')",
  ],
  [
    'ids carry their prefix',
    "select 1 from (select key_id as id, 'key_' as p from keys union all select route_id, 'rt_' from routes union all select function_id, 'fn_' from functions union all select consumer_id, 'con_' from consumers union all select customer_id, 'cus_' from customers union all select sku, 'sku_' from skus) where not starts_with(id, p)",
  ],
  [
    'scopes',
    "select 1 from (select unnest(scopes) as s from keys) where s not in ('orders:write', 'orders:read', 'catalog:read', 'customers:read', 'inventory:read', 'invoices:read', 'shipments:read', 'webhooks:read', 'webhooks:write')",
  ],
];

describe('every enum within the spec vocabularies', () => {
  it.each(vocabularies)('%s', async (_what, offending) => {
    expect(await count(offending)).toBe(0);
  });

  it('publishes all three stages, a global edge region and every runtime', async () => {
    expect(await count('select distinct stage from routes')).toBe(3);
    expect(await count('select distinct runtime from functions')).toBe(4);
    expect(await count("select 1 from functions where region = 'global-edge'")).toBeGreaterThan(0);
  });
});

describe('facts add up', () => {
  it('traffic splits by caller kind and by status class add up to requests', async () => {
    const bad = `select 1 from traffic_daily where requests_human + requests_automation + requests_assistant <> requests
      or status_2xx + status_3xx + status_4xx + status_5xx <> requests or throttled_429 > status_4xx or requests <= 0`;
    expect(await count(bad)).toBe(0);
  });

  it('each key × consumer × day histogram covers 1440 minutes and carries exactly the traffic', async () => {
    const bad = `select 1 from (select day, key_id, consumer_id, sum(minutes) as m, sum(requests_per_minute * minutes) as r from key_demand_minute group by all) h
      full join (select day, key_id, consumer_id, sum(requests) as r from traffic_daily group by all) t using (day, key_id, consumer_id)
      where h.m is distinct from 1440 or h.r is distinct from t.r`;
    expect(await count(bad)).toBe(0);
  });

  it('replaying the histogram against the key budget gives exactly the 429s', async () => {
    const bad = `select 1 from (select day, key_id, consumer_id, sum(greatest(0, requests_per_minute - k.rpm_budget) * minutes) as t
        from key_demand_minute join keys k using (key_id) group by all) h
      join (select day, key_id, consumer_id, sum(throttled_429) as t from traffic_daily group by all) d using (day, key_id, consumer_id)
      where h.t <> d.t`;
    expect(await count(bad)).toBe(0);
  });

  it('quota counts accepted requests per day and accumulates them', async () => {
    const bad = `select 1 from (
        select q.*, coalesce(t.n, 0) as accepted,
               sum(q.requests_counted) over (partition by q.consumer_id order by q.day) as running
        from quota_daily q
        left join (select day, consumer_id, sum(requests - throttled_429) as n from traffic_daily group by all) t using (day, consumer_id))
      where requests_counted <> accepted or cumulative_requests <> running`;
    expect(await count(bad)).toBe(0);
    expect(await count('select distinct day from quota_daily')).toBe(7);
  });

  it('functions never report more cold starts or errors than invocations', async () => {
    expect(
      await count(
        'select 1 from function_daily where cold_starts > invocations or errors > invocations or p99_ms <= 0',
      ),
    ).toBe(0);
  });
});

describe('caller kinds', () => {
  it('are the one User-Agent classifier’s verdict on every sampled request’s agent', async () => {
    const pairs = await workspace().query<{ user_agent: string; caller_kind: string }>(
      'select distinct user_agent, caller_kind from log_sample order by all',
    );
    expect(pairs.length).toBeGreaterThan(10);
    for (const { user_agent, caller_kind } of pairs)
      expect(callerKindOf(user_agent), user_agent).toBe(caller_kind);
  });
});
