-- A delivery is settled (succeeded, failed for good, or its endpoint is gone) by the worker whose
-- lease ($3) still holds it: a resend asked meanwhile released the lease, and stays.
delete from webhook_deliveries where event_id = $1 and endpoint_id = $2 and locked_until = $3
