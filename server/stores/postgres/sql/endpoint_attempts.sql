-- An endpoint's ($1) latest attempts, newest first, at most $2 (its page in the console).
select event_id, endpoint_id, event_type, environment, attempt,
       at, status, error, latency_ms, outcome, next_at
from webhook_attempts
where endpoint_id = $1
order by seq desc
limit $2
