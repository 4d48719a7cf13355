-- The error-budget burn alerts: each a run of firing evaluations of one rule, with its windows, peak
-- burn rate, the budget it spent and its cause (v_alert_budget_burn), most severe first.
select
  alert_id,
  rule,
  severity,
  burn_rate_threshold,
  long_window_minutes::INTEGER as long_window_minutes,
  short_window_minutes::INTEGER as short_window_minutes,
  strftime(span_start, '%Y-%m-%d %H:%M:%S') as span_start,
  strftime(started_at, '%Y-%m-%d %H:%M:%S') as started_at,
  strftime(ended_at, '%Y-%m-%d %H:%M:%S') as ended_at,
  window_label,
  peak_burn_rate,
  status_5xx,
  budget_spent_pct,
  sample_5xx::INTEGER as sample_5xx,
  cause,
  next_step,
  href
from v_alert_budget_burn
order by case severity when 'critical' then 0 else 1 end, started_at desc, alert_id
