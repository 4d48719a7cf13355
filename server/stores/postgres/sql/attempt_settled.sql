-- A failed attempt that settles its delivery (failed for good, or the endpoint is being disabled),
-- in one statement, so in one commit: the attempt recorded ($1–$11, attemptRow in
-- server/webhooks/postgres-rows.ts), and the delivery settled by the worker whose lease ($12)
-- still holds it (as delivery_settled: a resend asked meanwhile released the lease, and stays).
-- An attempt that disables the endpoint runs it first in the transaction that does so
-- (settleDisabling, server/stores/postgres/event-stores.ts): the delivery is locked before its
-- endpoint.
with attempt as (
  insert into webhook_attempts (event_id, endpoint_id, event_type, environment, attempt, at, status, error, latency_ms, outcome, next_at)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
)
delete from webhook_deliveries where event_id = $1 and endpoint_id = $2 and locked_until = $12
