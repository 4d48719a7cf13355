-- A key's newest order created with an Idempotency-Key since an instant (the replay window's start).
select id, request_sha256, created_at
from orders
where key_id = $1 and idempotency_key = $2 and created_at >= $3
order by created_at desc
limit 1
