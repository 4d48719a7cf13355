-- One batch of orders (group commit): one array per column, one row per order; in the same
-- statement, a delivery of each order's order.created to every enabled endpoint subscribed to it.
with inserted as (
  insert into orders (id, customer, lines, livemode, created_at, key_id, environment, idempotency_key, request_sha256, request_id)
  select * from unnest($1::text[], $2::text[], $3::json[], $4::boolean[], $5::timestamptz[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
  returning id, environment, created_at
)
insert into webhook_deliveries (event_id, endpoint_id, due_at)
select 'evt_' || substr(i.id, 5), w.id, i.created_at
from inserted i
join webhook_endpoints w
  on w.environment = i.environment
 and w.status = 'enabled'
 and w.created_at <= i.created_at
 and (w.enabled_events && array['order.created', '*'])
