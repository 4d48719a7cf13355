-- Every deployed function with its measures over the period (function_daily). The period p99 is
-- the worst day's p99 (daily percentiles cannot be merged exactly; docs/decisions.md).
create or replace view v_function_stats as
with totals as (
  select
    function_id,
    sum(invocations) as invocations,
    sum(cold_starts) as cold_starts,
    sum(errors) as errors,
    max(p99_ms) as p99_ms
  from function_daily
  group by function_id
),
measured as (
  select
    f.*,
    coalesce(t.invocations, 0) as invocations,
    coalesce(t.cold_starts, 0) as cold_starts,
    coalesce(t.errors, 0) as errors,
    case when t.invocations > 0 then t.cold_starts * 100.0 / t.invocations end as cold_pct_exact,
    case when t.invocations > 0 then t.errors * 100.0 / t.invocations end as error_pct_exact,
    t.p99_ms
  from functions f
  left join totals t on t.function_id = f.function_id
)
select
  m.function_id,
  m.name,
  m.runtime,
  m.region,
  m.route_id,                                         -- the route this function backs
  m.status,                                           -- as the platform reports it; the console's is v_function_status.status
  m.invocations::DOUBLE as invocations,               -- over the period
  m.cold_starts::DOUBLE as cold_starts,               -- over the period
  m.cold_pct_exact::DOUBLE as cold_pct,               -- % of invocations that were cold; null: none
  m.errors::DOUBLE as errors,                         -- failed invocations over the period
  m.error_pct_exact::DOUBLE as error_pct,             -- % of invocations that failed
  m.p99_ms::DOUBLE as p99_ms,                         -- ms, worst daily p99 of the period
  coalesce(m.cold_pct_exact >= t.cold_heavy_pct, false) as is_cold_heavy -- unrounded cold % vs threshold
from measured m
cross join thresholds t;
