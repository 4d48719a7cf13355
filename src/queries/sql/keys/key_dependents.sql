-- The consumers that depend on a key, busiest first, with their quota standing.
select
  d.consumer_id,
  q.name,
  q.consumer_type,
  q.plan,
  d.primary_caller_kind,
  d.requests_per_day::DOUBLE as requests_per_day,
  q.quota_burn_pct,
  q.is_at_risk
from v_key_dependents d
join v_consumer_quota q on q.consumer_id = d.consumer_id
where d.key_id = $key_id
order by d.requests_per_day desc, d.consumer_id
