-- Error-budget burn alerts (budget_burn_alerts_rollup) with their cause: the window and burn rate
-- that fired, the budget the span spent, and who burned it (the top route, function and consumer
-- of v_alert_budget_burn_attribution). Fast burns page (critical); slow burns are warnings.
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
named as (
  select
    a.*,
    t.*exclude (alert_id),
    r.method || ' ' || r.path as route_label,
    f.name as function_label,
    con.name as consumer_label,
    -- windows read as people say them: '1 h', '5 min'
    case when a.long_window_minutes % 60 = 0 then (a.long_window_minutes // 60) || ' h'
      else a.long_window_minutes || ' min' end as long_window,
    case when a.short_window_minutes % 60 = 0 then (a.short_window_minutes // 60) || ' h'
      else a.short_window_minutes || ' min' end as short_window
  from budget_burn_alerts_rollup a
  left join tops t on t.alert_id = a.alert_id
  left join routes r on r.route_id = t.top_route_id
  left join functions f on f.function_id = t.top_function_id
  left join consumers con on con.consumer_id = t.top_consumer_id
)
select
  alert_id,
  rule,                                                     -- 'fast' | 'slow'
  case rule when 'fast' then 'critical' else 'warning' end as severity,
  burn_rate_threshold::DOUBLE as burn_rate_threshold,       -- × the allowed error rate
  long_window_minutes::INTEGER as long_window_minutes,
  short_window_minutes::INTEGER as short_window_minutes,
  started_at,                                               -- first firing evaluation (UTC)
  ended_at,                                                 -- last firing evaluation
  span_start,                                               -- start of the data that fired it
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
    '{} to {} UTC: about {:,} 5xx, {:g}% of the period''s error budget ({} sampled); {} {:g}%, {} {:g}% of them',
    strftime(span_start, '%Y-%m-%d %H:%M'), strftime(ended_at, '%H:%M'), round(status_5xx)::BIGINT,
    round(budget_spent_pct_exact, 2), sample_5xx, coalesce(route_label, 'no route'), top_route_pct,
    coalesce(consumer_label, 'no consumer'), top_consumer_pct
  ) as evidence,
  format(
    'Roll back or fix {}; its change preview lists who is behind {}. The budget view shows what is left.',
    coalesce(function_label, 'the failing function'), coalesce(route_label, 'its routes')
  ) as next_step,
  format('/app/api/functions/{}#what-if', top_function_id) as href -- the top function's what-if
from named
