-- A page of the request log, newest first: $1 rows under the cursor $2 (a seq), matching the
-- request filter, whose conditions (server/request-log/filter.ts) take the place marked below, their
-- values bound from $3 on.
select seq, request_id, time_ms, method, path, route_id, status, problem_type, latency_ms, key_id,
  consumer_id, environment, livemode, caller_kind, user_agent, idempotent_replay, order_id,
  response_headers, problem
from request_log
where ($2::bigint is null or seq < $2)
  and {request_filter}
order by seq desc
limit $1
