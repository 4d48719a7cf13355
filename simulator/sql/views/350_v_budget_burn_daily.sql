-- The error budget over the period, day by day, from the daily facts (exact): each day's 5xx, its
-- burn rate (its 5xx share over the share the availability target allows) and the share of the
-- period's budget it spent, running. The budget is (100 − target)% of every request of the period,
-- so the last day's cumulative_spent_pct is v_availability's budget_spent_pct.
create or replace view v_budget_burn_daily as
with t as (
  select availability_target_pct as target, 100 - availability_target_pct as allowed_pct from thresholds
),
budget as (
  select coalesce(sum(requests), 0) * any_value(t.allowed_pct) / 100 as budget_requests
  from traffic_daily
  cross join t
),
facts as (
  select day, sum(requests) as requests, sum(status_5xx) as status_5xx from traffic_daily group by all
),
days as (
  select
    d.day::DATE as day,
    coalesce(f.requests, 0) as requests,
    coalesce(f.status_5xx, 0) as status_5xx,
    sum(coalesce(f.status_5xx, 0)) over (order by d.day) as cumulative_5xx
  from v_period p
  cross join generate_series(p.period_start, p.period_end, interval 1 day) as d(day)
  left join facts f on f.day = d.day::DATE
)
select
  d.day,
  d.requests::DOUBLE as requests,                                        -- every status
  d.status_5xx::DOUBLE as status_5xx,
  round((d.requests - d.status_5xx) * 100.0 / nullif(d.requests, 0), 4)::DOUBLE as availability_pct,
  round(t.allowed_pct, 4)::DOUBLE as error_budget_pct,                   -- % of requests allowed to fail
  round(b.budget_requests, 1)::DOUBLE as budget_requests,                -- 5xx the whole period may spend
  round(d.status_5xx * 100.0 / nullif(d.requests, 0) / t.allowed_pct, 2)::DOUBLE as burn_rate,
  round(100 * d.status_5xx / nullif(b.budget_requests, 0), 2)::DOUBLE as budget_spent_pct,
  round(coalesce(100 * d.cumulative_5xx / nullif(b.budget_requests, 0), 0), 2)::DOUBLE as cumulative_spent_pct,
  round(greatest(0, 100 - coalesce(100 * d.cumulative_5xx / nullif(b.budget_requests, 0), 0)), 2)::DOUBLE
    as budget_remaining_pct
from days d
cross join t
cross join budget b
