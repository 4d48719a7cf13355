-- The simulated period, one row: every "per day" figure divides by `days`.
create or replace view v_period as
select
  as_of,                          -- "today" of the workspace (not itself simulated)
  period_start,                   -- first simulated day
  (as_of - 1)::DATE as period_end, -- last simulated day (as_of - 1)
  days                            -- simulated days: the denominator of every per-day mean
from workspace;
