-- One order by id.
select id, customer, lines, livemode, created_at, key_id, environment, idempotency_key, request_sha256, request_id
from orders
where id = $1
