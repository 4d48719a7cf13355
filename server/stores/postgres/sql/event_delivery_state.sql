-- Whether an event's deliveries succeeded: how many still wait, how many failed for good, how many attempts there were.
select
  (select count(*) from webhook_deliveries where event_id = $1)::int as pending,
  (select count(*) from webhook_attempts where event_id = $1 and outcome in ('failed', 'endpoint-disabled'))::int as failed,
  (select count(*) from webhook_attempts where event_id = $1)::int as attempts
