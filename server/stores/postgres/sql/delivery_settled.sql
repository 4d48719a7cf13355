-- A delivery is settled (succeeded, failed for good, or its endpoint is gone).
delete from webhook_deliveries where event_id = $1 and endpoint_id = $2
