-- Every published route with its measures over the period. Rates are null for a route with no
-- traffic (they accrue from the first request); flags compare unrounded values with thresholds.
create or replace view v_route_stats as
with traffic as (
  select
    route_id,
    sum(requests) as requests,
    sum(status_4xx + status_5xx) as errors,
    sum(requests_assistant) as requests_assistant
  from traffic_daily
  group by route_id
),
latency as (
  select route_id, p99_ms from log_latency_rollup where grain = 'route'
),
dependents as (
  select route_id, count(distinct consumer_id) as dependents
  from v_route_dependents
  group by route_id
),
backing as (
  select route_id, count(*) as functions
  from (select route_id, function_id from route_functions union select route_id, function_id from functions)
  group by route_id
),
measured as (
  select
    r.*,
    coalesce(t.requests, 0) as requests_total,
    coalesce(t.requests, 0) / p.days as requests_per_day_exact,
    case when t.requests > 0 then t.errors * 100.0 / t.requests end as error_pct_exact,
    case when t.requests > 0 then t.requests_assistant * 100.0 / t.requests end as agent_share_pct_exact,
    l.p99_ms,
    coalesce(d.dependents, 0) as dependents,
    coalesce(b.functions, 0) as functions
  from routes r
  cross join v_period p
  left join traffic t on t.route_id = r.route_id
  left join latency l on l.route_id = r.route_id
  left join dependents d on d.route_id = r.route_id
  left join backing b on b.route_id = r.route_id
)
select
  m.route_id,
  m.method,
  m.path,
  m.api_version,
  m.stage,
  m.deprecated,
  m.deprecated_at,
  m.sunset_at,
  m.successor_route_id,
  m.requests_total::DOUBLE as requests_total,                -- requests over the period, every status
  m.requests_per_day_exact::DOUBLE as requests_per_day, -- mean over the period's days
  m.error_pct_exact::DOUBLE as error_pct,                    -- % of requests answered 4xx/5xx (429 included)
  m.p99_ms::DOUBLE as p99_ms,                                -- ms, edge + origin, log sample; null: not sampled
  m.agent_share_pct_exact::DOUBLE as agent_share_pct, -- % of requests from assistant callers
  m.dependents::INTEGER as dependents,                       -- distinct consumers (v_route_dependents)
  m.functions::INTEGER as functions,                         -- functions serving the route
  m.requests_per_day_exact >= t.hot_path_requests_per_day as is_hot_path, -- unrounded requests/day vs threshold
  coalesce(m.agent_share_pct_exact >= t.agent_heavy_share_pct, false) as is_agent_heavy -- no traffic: false
from measured m
cross join thresholds t;
