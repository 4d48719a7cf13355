-- Every workspace key as the management API starts from (hash, never material), with the consumer
-- holding it when exactly one does.
select
  k.key_id, k.name, k.environment, k.status as base_status, k.plan, k.rpm_budget, k.scopes,
  k.key_hash_sha256, k.key_prefix, k.key_last4,
  strftime(k.expires_at, '%Y-%m-%dT%H:%M:%S.000Z') as expires_at,
  strftime(k.created_at, '%Y-%m-%dT%H:%M:%S.000Z') as created_at,
  (select case when count(*) = 1 then min(ck.consumer_id) end
   from consumer_keys ck where ck.key_id = k.key_id) as consumer_id
from keys k
order by k.key_id
