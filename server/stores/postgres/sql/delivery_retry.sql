-- A delivery failed: attempt $3 is due at $4, and the lease ($5) is given back (unless a resend
-- asked meanwhile released it: the resend stands).
update webhook_deliveries set attempt = $3, due_at = $4, locked_until = null
where event_id = $1 and endpoint_id = $2 and locked_until = $5
