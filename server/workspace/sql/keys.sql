-- Every workspace key as the API checks it (hash, never material), with the consumer holding it
-- when exactly one does (the request log names it).
select
  k.key_id, k.environment, k.status, k.plan, k.rpm_budget, k.scopes, k.key_hash_sha256,
  strftime(k.expires_at, '%Y-%m-%dT%H:%M:%S.000Z') as expires_at,
  (select case when count(*) = 1 then min(ck.consumer_id) end
   from consumer_keys ck where ck.key_id = k.key_id) as consumer_id
from keys k
