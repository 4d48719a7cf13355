-- Every issued key with its use and blast score (why it ranks included), highest blast first (the
-- Keys screen's default), with the counts of its environment; detail pages pick their key from
-- this list. Only the display prefix and
-- last four characters of a key leave this query, never a hash.
select
  k.key_id,
  k.name,
  k.environment,
  k.status,
  k.plan,
  k.rpm_budget::INTEGER as rpm_budget,
  k.scopes,
  strftime(k.created_at, '%Y-%m-%d %H:%M:%S') as created_at,
  strftime(k.expires_at, '%Y-%m-%d %H:%M:%S') as expires_at,
  strftime(k.rotated_at, '%Y-%m-%d %H:%M:%S') as rotated_at,
  strftime(k.last_used_at, '%Y-%m-%d %H:%M:%S') as last_used_at,
  k.key_prefix,
  k.key_last4,
  k.days_since_used,
  k.is_unused,
  k.dependents,
  k.requests_per_day,
  k.routes,
  b.score::DOUBLE as blast_score,
  b.is_high_blast,
  b.reason as blast_reason,
  count(*) over (partition by k.environment)::INTEGER as environment_keys,          -- keys in this key's environment
  count(*) filter (where k.is_unused) over (partition by k.environment)::INTEGER
    as environment_unused_keys,                                                    -- of which unused
  count(*) filter (where b.is_high_blast) over (partition by k.environment)::INTEGER
    as environment_rotation_risk_keys                                              -- of which high blast
from v_key_stats k
join v_blast_score b on b.target_type = 'key' and b.target_id = k.key_id
order by b.score desc, k.key_id
