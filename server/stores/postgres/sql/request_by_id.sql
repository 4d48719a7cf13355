-- One logged request by its request id (the newest, should an id repeat).
select seq, request_id, time_ms, method, path, route_id, status, problem_type, latency_ms, key_id,
  consumer_id, environment, livemode, caller_kind, user_agent, idempotent_replay, order_id,
  response_headers, problem
from request_log
where request_id = $1
order by seq desc
limit 1
