-- Of the events $2, those delivered to the endpoint $1 (an attempt succeeded) or waiting to be.
select event_id from webhook_attempts
where endpoint_id = $1 and event_id = any($2::text[]) and outcome = 'succeeded'
union
select event_id from webhook_deliveries
where endpoint_id = $1 and event_id = any($2::text[])
