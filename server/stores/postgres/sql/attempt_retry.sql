-- A failed attempt and its retry in one statement, so in one commit: the attempt recorded
-- ($1–$11, attemptRow in server/webhooks/postgres-rows.ts), and its delivery waiting for attempt
-- $12 at $13, the lease ($14) given back (unless a resend asked meanwhile released it: the resend
-- stands). As two commits, a kill between them left the attempt logged as retrying and the
-- delivery still leased at the same attempt, sent again as that attempt once the lease ended.
with attempt as (
  insert into webhook_attempts (event_id, endpoint_id, event_type, environment, attempt, at, status, error, latency_ms, outcome, next_at)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
)
update webhook_deliveries set attempt = $12, due_at = $13, locked_until = null
where event_id = $1 and endpoint_id = $2 and locked_until = $14
