-- The endpoint an API key ($2) registered in an environment ($1) with an Idempotency-Key ($3) at or
-- after $4: a repeated registration's answer.
select body from webhook_endpoints
where environment = $1 and body ->> 'key_id' = $2 and body -> 'idempotency' ->> 'key' = $3 and created_at >= $4
order by created_at
limit 1
