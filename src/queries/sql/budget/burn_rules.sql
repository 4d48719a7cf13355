-- The multi-window burn-rate rules (fast, slow) over the period: their windows and threshold, the
-- peak long-window burn rate, how many 5-minute evaluations fired (v_budget_burn_rates).
select
  rule,
  any_value(burn_rate_threshold) as burn_rate_threshold,
  any_value(long_window_minutes)::INTEGER as long_window_minutes,
  any_value(short_window_minutes)::INTEGER as short_window_minutes,
  max(long_burn_rate) as peak_long_burn_rate,
  count(*) filter (where fires)::INTEGER as firing_evaluations,
  count(*)::INTEGER as evaluations
from v_budget_burn_rates
group by rule
order by min(sort_order)
