-- A consumer's keys: every key it holds or was seen using (v_key_dependents), with its use by this
-- consumer, and how many consumers hold it. A rollup table built once when the views are applied;
-- v_consumer_keys adds the blast score.
create or replace table consumer_keys_rollup as
with usage as (
  select key_id, consumer_id, sum(requests) as requests, sum(throttled_429) as throttled_429
  from traffic_daily
  group by all
),
holders as (
  select key_id, count(*) as holders from consumer_keys group by all
)
select
  d.consumer_id,
  k.key_id,
  k.name,                                               -- the key's name
  k.environment,
  k.status,
  k.plan,
  k.rpm_budget,                                         -- requests/minute
  k.key_prefix,
  k.key_last4,
  k.last_used_at,
  k.is_unused,
  coalesce(h.holders, 0)::INTEGER as holders,           -- consumers holding the key
  (coalesce(u.requests, 0) / p.days)::DOUBLE as requests_per_day, -- this consumer through the key
  coalesce(u.throttled_429, 0)::DOUBLE as throttled_429, -- this consumer's 429s on the key, period
  '/app/api/keys/' || k.key_id as href                  -- the key's page
from v_key_dependents d
join v_key_stats k on k.key_id = d.key_id
cross join v_period p
left join usage u on u.key_id = d.key_id and u.consumer_id = d.consumer_id
left join holders h on h.key_id = d.key_id
