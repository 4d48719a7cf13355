-- Every consumer with its quota standing; detail pages name the consumers they list from it.
select
  consumer_id,
  name,
  consumer_type,
  plan,
  primary_caller_kind,
  quota_burn_pct,
  is_at_risk
from v_consumer_quota
order by consumer_id
