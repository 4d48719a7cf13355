-- Disables an enabled webhook endpoint ($1 id, $2 reason) and returns it; no row when it was disabled
-- already or is gone, so of several servers refused at once only one disables it (and says so):
-- the others wait for its row lock and find it disabled. Run in the transaction that records the
-- attempt that disables it (settleDisabling, server/stores/postgres/event-stores.ts).
update webhook_endpoints
set status = 'disabled',
    body = (body::jsonb || jsonb_build_object('status', 'disabled', 'disabled_reason', $2::text))::json
where id = $1 and status = 'enabled'
returning body
