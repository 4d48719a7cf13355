-- A claim takes each endpoint's oldest due deliveries, up to that endpoint's share of the worker's
-- slots (claim_deliveries): the deliveries are read by endpoint, then time, instead of by time
-- alone, which nothing else reads.
drop index webhook_deliveries_due;
create index webhook_deliveries_by_endpoint on webhook_deliveries (endpoint_id, due_at);
