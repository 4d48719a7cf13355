-- Writes a changed webhook endpoint ($1 id, $2 status, $3 enabled_events, $4 body) locked by
-- webhook_for_update in the same transaction; never inserts, so a deleted endpoint stays deleted.
update webhook_endpoints set status = $2, enabled_events = $3, body = $4 where id = $1
