-- Each function's status by ONE rule, the one every page, list and the Overview's count read: the
-- worse of its own figures over the period and the alerts (v_alerts) that name it, so no alert can
-- contradict it.
--   figures (figures_status), on the period's invocations (function_daily):
--     erroring: function_error_pct (5) % or more of its invocations fail;
--     degraded: else degraded_error_pct (1) % or more fail, or its p99 (worst day) reaches
--               degraded_p99_ms (2,500 ms), or it is busy (busy_invocations_per_day or more) and still
--               starts thresholds.cold_heavy_pct (5) % or more of them cold: instances keep restarting;
--     healthy:  otherwise. A rarely called function that starts cold often is cold-heavy, not
--               unhealthy: it scales to zero between calls (the cold-heavy chip shows it).
--   alerts (alert_status): an alert whose target is the function (a p99 drift, function errors, or an
--     error-budget burn it burned most of) makes it degraded at least; a critical one, erroring.
-- Thresholds compare unrounded figures. reported_status is what the platform reports
-- (functions.status); the simulator plants figures that fit it (follows_rule).
create or replace view v_function_status as
with c as (select * from v_blast_constants),
figures as (
  select
    f.function_id,
    f.name,
    f.status as reported_status,
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
    end as figures_status,
    case
      when fails_erroring then format('{:g}% of invocations fail (erroring from {:g}%)', round(error_pct, 2),
        function_error_pct)
      when fails_degraded or too_slow or (is_busy and cold_heavy) then concat_ws('; ',
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
    end as figures_reason
  from judged
),
named as (
  -- the alerts whose target is a function, most severe first
  select
    target_id as function_id,
    max(case severity when 'critical' then 2 else 1 end) as alert_rank,
    list(alert_id order by severity = 'critical' desc, alert_id) as alert_ids,
    string_agg(format('a {} {} alert names it', severity, case kind
        when 'error_budget_burn' then 'error-budget burn'
        when 'p99_drift_cold_starts' then 'p99 drift'
        when 'function_errors' then 'function errors'
        else replace(kind, '_', ' ') end), '; ' order by severity = 'critical' desc, alert_id) as alert_reason
  from v_alerts
  where target_type = 'function'
  group by all
),
combined as (
  select
    r.*,
    coalesce(n.alert_rank, 0) as alert_rank,
    case r.figures_status when 'erroring' then 2 when 'degraded' then 1 else 0 end as figures_rank,
    coalesce(n.alert_ids, []::VARCHAR[]) as alert_ids,
    n.alert_reason
  from ruled r
  left join named n using (function_id)
)
select
  function_id,
  name,
  case greatest(figures_rank, alert_rank) when 2 then 'erroring' when 1 then 'degraded' else 'healthy' end
    as status,                                        -- healthy | degraded | erroring: THE status, by the rule above
  concat_ws('; ', alert_reason, case when alert_reason is null then figures_reason
    else 'its figures over the period: ' || figures_reason end) as status_reason, -- what decides it
  figures_status,                                     -- by its figures alone
  case alert_rank when 2 then 'erroring' when 1 then 'degraded' else 'healthy' end
    as alert_status,                                  -- by the alerts alone (healthy: none names it)
  alert_ids,                                          -- v_alerts.alert_id of each alert naming it
  reported_status,                                    -- as the platform reports it (functions.status)
  reported_status = figures_status as follows_rule,   -- the report fits the figures
  error_pct::DOUBLE as error_pct,           -- % of invocations that failed
  p99_ms::DOUBLE as p99_ms,                 -- ms, the worst daily p99
  cold_pct::DOUBLE as cold_pct,             -- % of invocations that started cold
  invocations_per_day::DOUBLE as invocations_per_day,
  is_busy
from combined
