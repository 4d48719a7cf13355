-- Each function's status by a documented rule on its own figures over the period, beside the
-- status the platform reports (functions.status; the simulator plants figures that fit it):
--   erroring: function_error_pct (5) % or more of its invocations fail;
--   degraded: else degraded_error_pct (1) % or more fail, or its p99 (worst day) reaches
--             degraded_p99_ms (2,500 ms), or it is busy (busy_invocations_per_day or more) and still
--             starts thresholds.cold_heavy_pct (5) % or more of them cold: instances keep restarting;
--   healthy:  otherwise. A rarely called function that starts cold often is cold-heavy, not
--             unhealthy: it scales to zero between calls (the cold-heavy chip shows it).
-- Thresholds compare unrounded figures.
create or replace view v_function_status as
with c as (select * from v_blast_constants),
figures as (
  select
    f.function_id,
    f.name,
    f.status,
    f.errors * 100.0 / nullif(f.invocations, 0) as error_pct,
    f.cold_starts * 100.0 / nullif(f.invocations, 0) as cold_pct,
    f.p99_ms,                                          -- the worst daily p99 (v_function_stats)
    f.invocations / p.days as invocations_per_day
  from v_function_stats f
  cross join v_period p
),
judged as (
  select
    g.*,
    g.invocations_per_day >= c.busy_invocations_per_day as is_busy,
    coalesce(g.error_pct >= c.function_error_pct, false) as fails_erroring,
    coalesce(g.error_pct >= c.degraded_error_pct, false) as fails_degraded,
    coalesce(g.p99_ms >= c.degraded_p99_ms, false) as too_slow,
    coalesce(g.cold_pct >= th.cold_heavy_pct, false) as cold_heavy,
    c.function_error_pct,
    c.degraded_error_pct,
    c.degraded_p99_ms,
    th.cold_heavy_pct
  from figures g
  cross join c
  cross join thresholds th
),
ruled as (
  select
    *,
    case
      when fails_erroring then 'erroring'
      when fails_degraded or too_slow or (is_busy and cold_heavy) then 'degraded'
      else 'healthy'
    end as status_by_rule
  from judged
)
select
  function_id,
  name,
  status,                                             -- as the platform reports it (functions.status)
  status_by_rule,                                     -- healthy | degraded | erroring, by the rule above
  case
    when fails_erroring then format('{:g}% of invocations fail (erroring from {:g}%)', round(error_pct, 2),
      function_error_pct)
    when status_by_rule = 'degraded' then concat_ws('; ',
      case when too_slow then format('p99 {} ms reaches the {} ms limit', round(p99_ms)::BIGINT,
        degraded_p99_ms::BIGINT) end,
      case when fails_degraded then format('{:g}% of invocations fail (degraded from {:g}%)', round(error_pct, 2),
        degraded_error_pct) end,
      case when is_busy and cold_heavy then format('busy ({:,} invocations/day) yet {:g}% start cold: instances keep restarting',
        round(invocations_per_day)::BIGINT, round(cold_pct, 2)) end)
    when invocations_per_day = 0 then 'no invocations in the period'
    when cold_heavy then format('within every limit; {:g}% cold starts at {:,} invocations/day is scale-to-zero, not a fault',
      round(cold_pct, 2), round(invocations_per_day)::BIGINT)
    else 'within every limit'
  end as status_reason,                               -- the figure that decides it
  status = status_by_rule as follows_rule,
  error_pct::DOUBLE as error_pct,           -- % of invocations that failed
  p99_ms::DOUBLE as p99_ms,                 -- ms, the worst daily p99
  cold_pct::DOUBLE as cold_pct,             -- % of invocations that started cold
  invocations_per_day::DOUBLE as invocations_per_day,
  is_busy
from ruled
