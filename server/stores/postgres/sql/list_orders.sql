-- An environment's orders, newest first (created_at, then id in byte order), optionally one
-- customer's, older than the cursor order ($3 created_at, $4 id) when one is given; $5 rows.
select id, customer, lines, livemode, created_at, key_id, environment, idempotency_key, request_sha256, request_id
from orders
where environment = $1
  and ($2::text is null or customer = $2)
  and ($3::timestamptz is null or (created_at, id collate "C") < ($3::timestamptz, $4::text collate "C"))
order by created_at desc, id collate "C" desc
limit $5
