-- Estimated availability over the period: the share of requests not answered 5xx (traffic_daily),
-- against the target, with the error budget (100 - target) spent and remaining.
create or replace view v_availability as
with totals as (
  select sum(requests) as requests, sum(status_5xx) as status_5xx from traffic_daily
),
measured as (
  select
    case when requests > 0 then (requests - status_5xx) * 100.0 / requests end as availability_exact,
    case when requests > 0 then status_5xx * 100.0 / requests end as unavailable_exact,
    t.availability_target_pct
  from totals
  cross join thresholds t
)
select
  round(availability_exact, 4)::DOUBLE as availability_pct,     -- % of requests not 5xx; null: no traffic
  availability_target_pct::DOUBLE as target_pct,                -- the target, %
  coalesce(availability_exact >= availability_target_pct, true) as meets_target, -- no traffic: nothing failed
  round(100 - availability_target_pct, 4)::DOUBLE as error_budget_pct, -- % of requests allowed to fail
  round(coalesce(unavailable_exact, 0) * 100 / (100 - availability_target_pct), 2)::DOUBLE
    as budget_spent_pct,                                        -- % of the error budget used (may pass 100)
  round(greatest(0, 100 - coalesce(unavailable_exact, 0) * 100 / (100 - availability_target_pct)), 2)::DOUBLE
    as budget_remaining_pct                                     -- % of the error budget left (0 when overspent)
from measured;
