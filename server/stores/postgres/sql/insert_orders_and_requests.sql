-- One batch of orders (as insert_orders.sql, with each order.created's deliveries) carrying the
-- request log's waiting records (as insert_requests.sql): one statement, so one round trip and one
-- commit for all three.
with orders_in as (
  insert into orders (id, customer, lines, livemode, created_at, key_id, environment, idempotency_key, request_sha256, request_id)
  select * from unnest($1::text[], $2::text[], $3::json[], $4::boolean[], $5::timestamptz[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
  returning id, environment, created_at
),
deliveries_in as (
  insert into webhook_deliveries (event_id, endpoint_id, due_at)
  select 'evt_' || substr(i.id, 5), w.id, i.created_at
  from orders_in i
  join webhook_endpoints w
    on w.environment = i.environment
   and w.status = 'enabled'
   and w.created_at <= i.created_at
   and (w.enabled_events && array['order.created', '*'])
)
insert into request_log (request_id, time_ms, method, path, route_id, status, problem_type, latency_ms,
  key_id, consumer_id, environment, livemode, caller_kind, user_agent, idempotent_replay, order_id,
  response_headers, problem)
select request_id, time_ms, method, path, route_id, status, problem_type, latency_ms,
  key_id, consumer_id, environment, livemode, caller_kind, user_agent, idempotent_replay, order_id,
  response_headers, problem
from json_populate_recordset(null::request_log, $11::json)
