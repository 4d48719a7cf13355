-- Forgets an endpoint and its deliveries still waiting; returns its id if it was there.
with gone as (delete from webhook_deliveries where endpoint_id = $1)
delete from webhook_endpoints where id = $1 returning id
