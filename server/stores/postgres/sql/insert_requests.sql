-- One batch of request-log records: one array per column, one row per answer.
insert into request_log (request_id, time_ms, method, path, route_id, status, problem_type, latency_ms,
  key_id, consumer_id, environment, livemode, caller_kind, user_agent, idempotent_replay, order_id,
  response_headers, problem)
select * from unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::smallint[], $7::text[],
  $8::real[], $9::text[], $10::text[], $11::text[], $12::boolean[], $13::text[], $14::text[], $15::boolean[],
  $16::text[], $17::json[], $18::json[])
