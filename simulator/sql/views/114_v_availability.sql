-- Estimated availability over the period: the share of requests not answered 5xx (traffic_daily),
-- against the target, with the error budget (100 - target) spent and remaining.
create or replace view v_availability as
with totals as (
  select sum(requests) as requests, sum(status_5xx) as status_5xx from traffic_daily
),
measured as (
  select
    case when requests > 0 then (requests - status_5xx) * 100.0 / requests end as availability_exact,
    -- 5xx over the requests the budget allows, in one division (the budget as an exact decimal)
    case when requests > 0
      then status_5xx * 10000 / (requests * (100 - t.availability_target_pct)::DECIMAL(18, 4)) end as spent_exact,
    t.availability_target_pct
  from totals
  cross join thresholds t
)
select
  availability_exact::DOUBLE as availability_pct,     -- % of requests not 5xx; null: no traffic
  availability_target_pct::DOUBLE as target_pct,                -- the target, %
  coalesce(availability_exact >= availability_target_pct, true) as meets_target, -- no traffic: nothing failed
  round(100 - availability_target_pct, 4)::DOUBLE as error_budget_pct, -- % of requests allowed to fail
  coalesce(spent_exact, 0)::DOUBLE as budget_spent_pct,       -- % of the error budget used (may pass 100)
  greatest(0, 100 - coalesce(spent_exact, 0))::DOUBLE
    as budget_remaining_pct                                     -- % of the error budget left (0 when overspent)
from measured;
