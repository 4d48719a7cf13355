-- Resend: the events $2 to the endpoint $1 again from attempt 1, due at $3 (a waiting delivery is
-- made due now, its lease released so an attempt in flight does not settle it), and the endpoint's
-- failing streak starts afresh; one statement, one transaction.
with streak as (
  update webhook_endpoints set failing_since = null where id = $1
)
insert into webhook_deliveries (event_id, endpoint_id, attempt, due_at)
select event_id, $1, 1, $3 from unnest($2::text[]) as event_id
on conflict (event_id, endpoint_id) do update set attempt = 1, due_at = excluded.due_at, locked_until = null
