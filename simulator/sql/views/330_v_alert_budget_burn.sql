-- Error-budget burn alerts (budget_burn_alerts_rollup) with their cause: the window and burn rate
-- that fired, the budget the span spent, and who burned it (the top route, function and consumer
-- of v_alert_budget_burn_attribution), and when the whole budget was spent if that fell in its span.
-- Fast burns page (critical); slow and sustained burns are warnings.
create or replace view v_alert_budget_burn as
with tops as (
  select
    scope as alert_id,
    max(target_id) filter (where dimension = 'route' and rank = 1) as top_route_id,
    max(share_pct) filter (where dimension = 'route' and rank = 1) as top_route_pct,
    max(target_id) filter (where dimension = 'function' and rank = 1) as top_function_id,
    max(share_pct) filter (where dimension = 'function' and rank = 1) as top_function_pct,
    max(target_id) filter (where dimension = 'consumer' and rank = 1) as top_consumer_id,
    max(share_pct) filter (where dimension = 'consumer' and rank = 1) as top_consumer_pct
  from budget_burn_attribution_rollup
  where scope <> 'period'
  group by all
),
run_out as (
  -- when the period's 5xx, running, reached its whole budget ((100 − target)% of its requests)
  select min(b.bucket_start + to_minutes(c.burn_step_minutes)) as budget_out_at
  from budget_burn_buckets b
  cross join v_blast_constants c
  cross join (
    select sum(requests) * (100 - any_value(t.availability_target_pct)) / 100 as budget_requests
    from budget_burn_buckets cross join thresholds t
  ) g
  where g.budget_requests > 0 and b.cum_status_5xx >= g.budget_requests
),
named as (
  select
    a.*,
    o.budget_out_at,
    t.*exclude (alert_id),
    r.method || ' ' || r.path as route_label,
    f.name as function_label,
    con.name as consumer_label,
    -- windows read as people say them: '1 h', '5 min'
    case when a.long_window_minutes % 1440 = 0 then (a.long_window_minutes // 1440) || ' days'
      when a.long_window_minutes % 60 = 0 then (a.long_window_minutes // 60) || ' h'
      else a.long_window_minutes || ' min' end as long_window,
    case when a.short_window_minutes % 60 = 0 then (a.short_window_minutes // 60) || ' h'
      else a.short_window_minutes || ' min' end as short_window,
    -- the data it measured and when it fired, one label for every page: 'measured 2026-10-29 13:15
    -- to 15:15 UTC, fired 2026-10-29 14:15 to 15:15 UTC' (an end's date only when it is another day)
    format('measured {} to {} UTC, fired {} to {} UTC',
      strftime(a.span_start, '%Y-%m-%d %H:%M'),
      case when a.ended_at::DATE = a.span_start::DATE then strftime(a.ended_at, '%H:%M')
        else strftime(a.ended_at, '%Y-%m-%d %H:%M') end,
      strftime(a.started_at, '%Y-%m-%d %H:%M'),
      case when a.ended_at::DATE = a.started_at::DATE then strftime(a.ended_at, '%H:%M')
        else strftime(a.ended_at, '%Y-%m-%d %H:%M') end
    ) as window_label
  from budget_burn_alerts_rollup a
  left join tops t on t.alert_id = a.alert_id
  left join routes r on r.route_id = t.top_route_id
  left join functions f on f.function_id = t.top_function_id
  left join consumers con on con.consumer_id = t.top_consumer_id
  cross join run_out o
)
select
  alert_id,
  rule,                                                     -- 'fast' | 'slow' | 'sustained'
  case rule when 'fast' then 'critical' else 'warning' end as severity,
  burn_rate_threshold::DOUBLE as burn_rate_threshold,       -- × the allowed error rate
  long_window_minutes::INTEGER as long_window_minutes,
  short_window_minutes::INTEGER as short_window_minutes,
  started_at,                                               -- first firing evaluation (UTC)
  ended_at,                                                 -- last firing evaluation
  span_start,                                               -- start of the data that fired it
  window_label,                                             -- 'measured … UTC, fired … UTC'
  round(peak_burn_rate, 1)::DOUBLE as peak_burn_rate,       -- peak long-window burn rate
  round(status_5xx, 1)::DOUBLE as status_5xx,               -- estimated 5xx in the span
  round(budget_spent_pct_exact, 2)::DOUBLE as budget_spent_pct, -- % of the period's error budget
  sample_5xx,                                               -- sampled 5xx in the span
  top_route_id,
  top_function_id,
  top_consumer_id,
  format(
    '5xx burned the error budget at {:g}× over {} (confirmed over {}; the {} rule fires at {:g}×), {:g}% of them from {}',
    round(peak_burn_rate, 1), long_window, short_window, rule, burn_rate_threshold,
    top_function_pct, coalesce(function_label, 'an unknown function')
  ) as cause,
  format(
    '{}: about {:,} 5xx, {:g}% of the period''s error budget ({} sampled); {} {:g}%, {} {:g}% of them{}',
    upper(window_label[1]) || window_label[2:], round(status_5xx)::BIGINT,
    round(budget_spent_pct_exact, 2), sample_5xx, coalesce(route_label, 'no route'), top_route_pct,
    coalesce(consumer_label, 'no consumer'), top_consumer_pct,
    -- the budget ran out inside the span: say when
    case when budget_out_at > span_start and budget_out_at <= ended_at
      then format('; the whole budget was spent by {} UTC', strftime(budget_out_at, '%Y-%m-%d %H:%M')) else '' end
  ) as evidence,
  format(
    'Roll back or fix {}; its change preview lists who is behind {}. The budget view shows what is left.',
    coalesce(function_label, 'the failing function'), coalesce(route_label, 'its routes')
  ) as next_step,
  format('/app/api/functions/{}#what-if', top_function_id) as href -- the top function's what-if
from named
