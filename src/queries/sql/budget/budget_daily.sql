-- The error budget day by day over the period: 5xx, availability, burn rate, budget spent that day
-- and cumulatively (v_budget_burn_daily).
select
  strftime(day, '%Y-%m-%d') as day,
  requests,
  status_5xx,
  availability_pct,
  burn_rate,
  budget_spent_pct,
  cumulative_spent_pct,
  budget_remaining_pct
from v_budget_burn_daily
order by day
