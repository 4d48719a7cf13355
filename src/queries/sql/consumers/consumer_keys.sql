-- The keys one consumer holds or uses, with their blast score, highest blast first.
select
  key_id,
  name,
  environment,
  status,
  plan,
  rpm_budget,
  key_prefix,
  key_last4,
  strftime(last_used_at, '%Y-%m-%d %H:%M:%S') as last_used_at,
  is_unused,
  holders,
  requests_per_day,
  throttled_429,
  blast_score,
  is_high_blast,
  is_rotation_risk,
  href
from v_consumer_keys
where consumer_id = $consumer_id
order by blast_score desc, key_id
