-- Quota burn per consumer and day, every day of the period: the requests counted that day and the
-- running total (quota_daily; a day without a row keeps the last total), as a share of the quota,
-- beside the quota-risk line (thresholds.quota_risk_pct) and the even pace (the burn by that day if
-- the quota were spent evenly over the period).
create or replace view v_consumer_burn_daily as
with days as (
  select d.day::DATE as day, row_number() over (order by d.day) as day_number, p.days
  from v_period p
  cross join generate_series(p.period_start, p.period_end, interval 1 day) as d(day)
),
throttled as (
  select consumer_id, day, sum(throttled_429) as throttled_429 from traffic_daily group by all
),
burned as (
  select
    c.consumer_id,
    d.day,
    d.day_number,
    d.days,
    c.quota_requests_per_period,
    coalesce(q.requests_counted, 0) as requests_counted,
    coalesce(
      last_value(q.cumulative_requests ignore nulls) over (partition by c.consumer_id order by d.day),
      0
    ) as cumulative_requests,
    coalesce(th.throttled_429, 0) as throttled_429
  from consumers c
  cross join days d
  left join quota_daily q on q.consumer_id = c.consumer_id and q.day = d.day
  left join throttled th on th.consumer_id = c.consumer_id and th.day = d.day
)
select
  b.consumer_id,
  b.day,
  b.requests_counted::DOUBLE as requests_counted,                  -- counted against quota that day
  b.cumulative_requests::DOUBLE as cumulative_requests,            -- counted since period_start
  b.quota_requests_per_period::DOUBLE as quota_requests_per_period,
  (b.cumulative_requests * 100.0 / nullif(b.quota_requests_per_period, 0))::DOUBLE
    as cumulative_burn_pct,                                        -- % of the quota used by that day
  (b.day_number * 100.0 / b.days)::DOUBLE as even_pace_pct, -- % by that day at an even pace
  t.quota_risk_pct::DOUBLE as threshold_pct,                       -- the at-risk line (80)
  (b.quota_requests_per_period * t.quota_risk_pct / 100)::DOUBLE as threshold_requests,
  b.throttled_429::DOUBLE as throttled_429,                        -- refused with 429 that day
  coalesce(b.cumulative_requests * 100.0 / nullif(b.quota_requests_per_period, 0) >= t.quota_risk_pct, false)
    as is_at_risk                                                  -- unrounded burn vs the line
from burned b
cross join thresholds t
