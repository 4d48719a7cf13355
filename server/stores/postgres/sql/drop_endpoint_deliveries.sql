-- A disabled endpoint's deliveries still waiting are dropped.
delete from webhook_deliveries where endpoint_id = $1
