-- One batch of request-log records, sent as one JSON array of RequestRecord objects (their field
-- names are the columns): one parameter, serialised by JSON.stringify rather than column by column.
-- Its commit does not wait for the WAL flush (synchronous_commit off for this transaction alone):
-- the log is an account of answers already sent, unsynced on the embedded store too; a crash of
-- Postgres can lose its last fraction of a second. docs/decisions.md, "Request log".
insert into request_log (request_id, time_ms, method, path, route_id, status, problem_type, latency_ms,
  key_id, consumer_id, environment, livemode, caller_kind, user_agent, idempotent_replay, order_id,
  response_headers, problem)
select request_id, time_ms, method, path, route_id, status, problem_type, latency_ms,
  key_id, consumer_id, environment, livemode, caller_kind, user_agent, idempotent_replay, order_id,
  response_headers, problem
from json_populate_recordset(null::request_log, $1::json),
  (select set_config('synchronous_commit', 'off', true)) as asynchronous
