-- The error budget hour by hour (budget_burn_buckets): the sampled requests and 5xx of each hour,
-- and the day's exact requests and 5xx spread over its hours by the sample (so an hour's figures
-- add up to its day's in v_budget_burn_daily), with the burn rate and the budget spent, running.
create or replace view v_budget_burn_hourly as
with t as (
  select 100 - availability_target_pct as allowed_pct from thresholds
),
budget as (
  select sum(requests) * any_value(t.allowed_pct) / 100 as budget_requests from budget_burn_buckets cross join t
),
hours as (
  select
    time_bucket(interval 1 hour, bucket_start) as hour,
    any_value(day) as day,
    sum(sample_requests) as sample_requests,
    sum(sample_5xx) as sample_5xx,
    sum(requests) as requests,
    sum(status_5xx) as status_5xx
  from budget_burn_buckets
  group by all
)
select
  h.hour,                                                                 -- start of the hour (UTC)
  h.day,
  h.sample_requests::INTEGER as sample_requests,                          -- log sample
  h.sample_5xx::INTEGER as sample_5xx,
  round(h.requests, 1)::DOUBLE as requests,                               -- estimated: the day's, spread
  round(h.status_5xx, 1)::DOUBLE as status_5xx,
  round(h.status_5xx * 100.0 / nullif(h.requests, 0) / t.allowed_pct, 2)::DOUBLE as burn_rate,
  round(100 * h.status_5xx / nullif(b.budget_requests, 0), 3)::DOUBLE as budget_spent_pct,
  round(coalesce(100 * sum(h.status_5xx) over (order by h.hour) / nullif(b.budget_requests, 0), 0), 2)::DOUBLE
    as cumulative_spent_pct
from hours h
cross join t
cross join budget b
