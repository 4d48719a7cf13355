-- A consumer's keys (consumer_keys_rollup): every key it holds or was seen using, its use by this
-- consumer, how many consumers hold it, and its blast score (a high-blast key is a rotation risk).
create or replace view v_consumer_keys as
select
  k.consumer_id,
  k.key_id,
  k.name,                  -- the key's name
  k.environment,
  k.status,
  k.plan,
  k.rpm_budget,            -- requests/minute
  k.key_prefix,
  k.key_last4,
  k.last_used_at,
  k.is_unused,
  k.holders,               -- consumers holding the key
  k.requests_per_day,      -- this consumer through the key
  k.throttled_429,         -- this consumer's 429s on the key, period
  s.score as blast_score,
  s.is_high_blast,
  s.is_rotation_risk,
  k.href                   -- the key's page
from consumer_keys_rollup k
left join v_blast_score s on s.target_type = 'key' and s.target_id = k.key_id
