-- The period's error budget in one row: the target, the 5xx it may spend and did, and what is left
-- (v_availability with v_budget_burn_daily's totals).
select
  a.availability_pct,
  a.target_pct,
  a.meets_target,
  a.error_budget_pct,
  a.budget_spent_pct,
  a.budget_remaining_pct,
  max(d.budget_requests)::DOUBLE as budget_requests,
  sum(d.status_5xx)::DOUBLE as status_5xx,
  count(*) filter (where d.burn_rate > 1)::INTEGER as days_over_budget_pace,
  count(*)::INTEGER as days
from v_availability a
cross join v_budget_burn_daily d
group by all
