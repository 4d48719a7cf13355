-- A delivery succeeded, in one round trip: its attempt recorded (as insert_attempt), the endpoint's
-- failing streak ended (written only when one runs, so a healthy endpoint's row is not rewritten
-- per delivery), and the delivery settled by the worker whose lease ($12) still holds it (as
-- delivery_settled: a resend asked meanwhile released the lease, and stays).
with attempt as (
  insert into webhook_attempts (event_id, endpoint_id, event_type, environment, attempt, at, status, error, latency_ms, outcome, next_at)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
), streak as (
  update webhook_endpoints set failing_since = null where id = $2 and failing_since is not null
)
delete from webhook_deliveries where event_id = $1 and endpoint_id = $2 and locked_until = $12
