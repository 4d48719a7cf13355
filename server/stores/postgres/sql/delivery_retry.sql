-- A delivery failed: attempt $3 is due at $4, and the lease is given back.
update webhook_deliveries set attempt = $3, due_at = $4, locked_until = null
where event_id = $1 and endpoint_id = $2
