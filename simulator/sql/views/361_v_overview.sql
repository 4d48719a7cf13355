-- The Overview's headline figures, one row, each from the view that defines it (applied after
-- v_function_status: a function is healthy by the one rule the function pages show).
create or replace view v_overview as
with traffic as (
  select coalesce(sum(requests), 0) as requests from v_requests_daily
),
key_counts as (
  select
    count(*) filter (where status in ('active', 'expiring')) as active_keys,
    count(*) as keys_total
  from v_key_stats
),
function_counts as (
  select count(*) filter (where status = 'healthy') as healthy_functions, count(*) as functions_total
  from v_function_status
),
quota as (
  select count(*) filter (where is_at_risk) as quota_at_risk from v_consumer_quota
)
select
  (traffic.requests / p.days)::DOUBLE as requests_per_day, -- all routes, mean over the period's days
  e.error_pct,                                  -- %, 4xx + 5xx of the log sample
  l.edge_p99_ms,
  l.origin_p99_ms,
  l.total_p99_ms,                               -- ms, p99 of edge + origin
  k.active_keys::INTEGER as active_keys,        -- status active or expiring
  k.keys_total::INTEGER as keys_total,
  f.healthy_functions::INTEGER as healthy_functions, -- v_function_status: figures and alerts
  f.functions_total::INTEGER as functions_total,
  q.quota_at_risk::INTEGER as quota_at_risk,    -- consumers at or over the quota-risk threshold
  a.availability_pct,
  a.target_pct as availability_target_pct,
  a.meets_target as availability_meets_target,
  m.share_pct as assistant_share_pct            -- % of the log sample from assistant callers
from traffic
cross join v_period p
cross join v_overview_error_rate e
cross join v_overview_p99 l
cross join key_counts k
cross join function_counts f
cross join quota q
cross join v_availability a
left join v_caller_mix m on m.caller_kind = 'assistant';
