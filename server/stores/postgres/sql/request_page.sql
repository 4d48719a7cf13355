-- A page of the request log, newest first, under the cursor $11 (a seq), filtered by status class
-- $1, status $2, key $3, route $4, caller kind $5, environment $6, time [$7, $8) and any of the
-- routes $9 (an empty list matches nothing); $10 rows.
select seq, request_id, time_ms, method, path, route_id, status, problem_type, latency_ms, key_id,
  consumer_id, environment, livemode, caller_kind, user_agent, idempotent_replay, order_id,
  response_headers, problem
from request_log
where ($1::int is null or (least(greatest(status / 100, 2), 5)) = $1)
  and ($2::int is null or status = $2)
  and ($3::text is null or key_id = $3)
  and ($4::text is null or route_id = $4)
  and ($5::text is null or caller_kind = $5)
  and ($6::text is null or environment = $6)
  and ($7::bigint is null or time_ms >= $7)
  and ($8::bigint is null or time_ms < $8)
  and ($9::text[] is null or route_id = any($9::text[]))
  and ($11::bigint is null or seq < $11)
order by seq desc
limit $10
