-- Adds or replaces a webhook endpoint ($1 id, $2 environment, $3 status, $4 enabled_events, $5 created_at, $6 body).
insert into webhook_endpoints (id, environment, status, enabled_events, created_at, body)
values ($1, $2, $3, $4, $5, $6)
on conflict (id) do update set status = excluded.status, enabled_events = excluded.enabled_events, body = excluded.body
