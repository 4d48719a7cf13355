-- Quota burn per consumer: requests counted against the plan quota through the last recorded day
-- (quota_daily's running total), as a share of the consumer's quota for the period; 429s from
-- traffic_daily.
create or replace view v_consumer_quota as
with used as (
  select consumer_id, arg_max(cumulative_requests, day) as used_requests
  from quota_daily
  group by consumer_id
),
throttled as (
  select consumer_id, sum(throttled_429) as throttled_429
  from traffic_daily
  group by consumer_id
),
measured as (
  select
    c.*,
    coalesce(u.used_requests, 0) as used_requests,
    case when c.quota_requests_per_period > 0
      then coalesce(u.used_requests, 0) * 100.0 / c.quota_requests_per_period
    end as quota_burn_pct_exact,
    coalesce(th.throttled_429, 0) as throttled_429
  from consumers c
  left join used u on u.consumer_id = c.consumer_id
  left join throttled th on th.consumer_id = c.consumer_id
)
select
  m.consumer_id,
  m.name,
  m.consumer_type,                                           -- team | customer
  m.plan,
  m.primary_caller_kind,                                     -- human | automation | assistant
  m.quota_requests_per_period::DOUBLE as quota_requests_per_period, -- requests allowed over the period
  m.used_requests::DOUBLE as used_requests,                  -- requests counted so far
  m.quota_burn_pct_exact::DOUBLE as quota_burn_pct, -- % of the quota used (may pass 100)
  m.throttled_429::DOUBLE as throttled_429,                  -- requests refused with 429 over the period
  coalesce(m.quota_burn_pct_exact >= t.quota_risk_pct, false) as is_at_risk -- unrounded burn vs threshold
from measured m
cross join thresholds t;
