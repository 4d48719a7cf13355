-- One batch of orders (group commit): one array per column, one row per order.
insert into orders (id, customer, lines, livemode, created_at, key_id, environment, idempotency_key, request_sha256)
select * from unnest($1::text[], $2::text[], $3::json[], $4::boolean[], $5::timestamptz[], $6::text[], $7::text[], $8::text[], $9::text[])
