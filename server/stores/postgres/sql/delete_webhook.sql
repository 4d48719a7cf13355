-- Forgets an endpoint and its deliveries still waiting; returns its id if it was there. The
-- deliveries go first and the endpoint only after them (its filter waits for their count): every
-- writer locks deliveries before their endpoint (deliveries_succeeded, requeue_deliveries,
-- settleDisabling's transaction), so none can deadlock with it. (It used to lock the endpoint
-- first, then wait for a delivery held by a worker disabling the endpoint, which waited for it.)
with gone as (delete from webhook_deliveries where endpoint_id = $1 returning 1)
delete from webhook_endpoints where id = $1 and (select count(*) from gone) >= 0 returning id
