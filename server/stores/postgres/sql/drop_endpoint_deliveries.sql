-- A disabled endpoint's deliveries still waiting are dropped, in the transaction that disabled it
-- (settleDisabling, server/stores/postgres/event-stores.ts), so after its row is locked. Those
-- another statement holds are skipped, not waited for: it locks deliveries before their endpoint
-- and may be waiting for this one (deliveries_succeeded, requeue_deliveries, delete_webhook). What
-- is skipped is being settled, sent or requeued; a delivery to a disabled endpoint is settled when
-- claimed.
delete from webhook_deliveries d
using (select event_id from webhook_deliveries where endpoint_id = $1 for update skip locked) free
where d.endpoint_id = $1 and d.event_id = free.event_id
