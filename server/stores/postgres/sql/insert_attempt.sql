-- One delivery attempt as recorded (AttemptRecord in server/webhooks/attempts.ts).
insert into webhook_attempts (event_id, endpoint_id, event_type, environment, attempt, at, status, error, latency_ms, outcome, next_at)
values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
