-- Every issued key with its use and blast score (why it ranks included), highest blast first (the
-- Keys screen's default); detail pages pick their key from this list. Only the display prefix and
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
  b.reason as blast_reason
from v_key_stats k
join v_blast_score b on b.target_type = 'key' and b.target_id = k.key_id
order by b.score desc, k.key_id
