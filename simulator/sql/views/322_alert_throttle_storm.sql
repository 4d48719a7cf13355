-- Throttle storm: a consumer with throttle_storm_min_429 or more 429s over the period, or
-- throttle_storm_min_pct % of its requests refused. The cause is traced: an exhausted plan quota,
-- else minutes of recorded demand above the rpm budget of the key carrying most 429s (with the quota
-- burn named when it is at risk too), else a nearly exhausted quota. suggested_rpm answers it in the
-- throttle what-if: the smallest rpm budget whose replay of the key's recorded demand (every stream
-- through it, as preview_throttle_total replays it) predicts zero 429s, i.e. its peak minute.
create or replace view v_alert_throttle_storm as
with c as (select * from v_blast_constants),
by_key as (
  select
    consumer_id,
    key_id,
    row_number() over (partition by consumer_id order by throttled_429 desc, key_id) as rank
  from (
    select consumer_id, key_id, sum(throttled_429) as throttled_429 from traffic_daily group by all
  )
),
totals as (
  select consumer_id, sum(requests) as requests from traffic_daily group by all
),
key_peak as (
  select key_id, max(requests_per_minute) as peak_rpm from blast_demand_rollup group by all
),
over_budget as (
  select
    d.consumer_id,
    d.key_id,
    sum(d.minutes) filter (where d.requests_per_minute > k.rpm_budget) as minutes_over,
    max(d.requests_per_minute) as peak_rpm
  from key_demand_minute d
  join keys k on k.key_id = d.key_id
  group by all
)
select
  q.consumer_id,
  q.name as label,
  b.key_id,
  k.rpm_budget,
  q.throttled_429,
  q.quota_burn_pct,
  kp.peak_rpm::INTEGER as suggested_rpm,   -- requests/minute: the key's busiest recorded minute
  case
    when q.quota_burn_pct >= 100 then format('{} plan quota exhausted: {}% burned', q.plan, round(q.quota_burn_pct, 1))
    when coalesce(o.minutes_over, 0) > 0 then format(
      'demand bursts above the {} rpm budget of key {} (peak {} rpm){}',
      k.rpm_budget, k.name, o.peak_rpm,
      case when q.is_at_risk then format('; {}% of the {} quota is burned too', round(q.quota_burn_pct, 1), q.plan) else '' end
    )
    when q.is_at_risk then format('{} plan quota nearly exhausted: {}% burned', q.plan, round(q.quota_burn_pct, 1))
    else format('requests refused with 429 on key {}', k.name)
  end as cause,
  format(
    '{:,} requests refused with 429 ({}% of {:,}) from {} to {}; {}% of quota burned; {:,} minutes over {} rpm',
    q.throttled_429::BIGINT,
    round(100 * q.throttled_429 / nullif(t.requests, 0), 2),
    t.requests::BIGINT,
    p.period_start,
    p.period_end,
    round(q.quota_burn_pct, 1),
    coalesce(o.minutes_over, 0)::BIGINT,
    k.rpm_budget
  ) as evidence,
  case
    when q.quota_burn_pct >= 100 then format('Raise the {} quota of {} or move it to a larger plan.', q.plan, q.name)
    when coalesce(o.minutes_over, 0) > 0 then format(
      'Preview a higher rpm budget for key {} in its throttle what-if, or ask {} to spread its bursts{}.',
      k.name, q.name, case when q.is_at_risk then '; review its plan quota' else '' end
    )
    else format('Review the {} quota of {} and the budget of key {}.', q.plan, q.name, k.name)
  end as next_step
from v_consumer_quota q
join totals t on t.consumer_id = q.consumer_id
join by_key b on b.consumer_id = q.consumer_id and b.rank = 1
join keys k on k.key_id = b.key_id
left join over_budget o on o.consumer_id = q.consumer_id and o.key_id = b.key_id
left join key_peak kp on kp.key_id = b.key_id
cross join v_period p
cross join c
where q.throttled_429 >= c.throttle_storm_min_429
  or 100 * q.throttled_429 / nullif(t.requests, 0) >= c.throttle_storm_min_pct
