-- A webhook endpoint ($1), its row locked until the transaction ends: a change of it reads it here
-- and writes it with update_webhook, so concurrent changes (a roll, an enabling) and a delete
-- take turns, and none writes back an endpoint another deleted.
select body from webhook_endpoints where id = $1 for update
