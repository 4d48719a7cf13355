-- The workspace period every screen labels itself with.
select
  strftime(as_of, '%Y-%m-%d') as as_of,
  strftime(period_start, '%Y-%m-%d') as period_start,
  strftime(period_end, '%Y-%m-%d') as period_end,
  days::INTEGER as days
from v_period
