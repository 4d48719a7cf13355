-- Claims up to $3 deliveries due at $1 that no worker holds, leasing them until $2. SKIP LOCKED:
-- workers claiming at once take different rows, so each attempt is sent by one worker.
update webhook_deliveries d
set locked_until = $2
from (
  select event_id, endpoint_id
  from webhook_deliveries
  where due_at <= $1 and (locked_until is null or locked_until <= $1)
  order by due_at
  limit $3
  for update skip locked
) due
where d.event_id = due.event_id and d.endpoint_id = due.endpoint_id
returning d.event_id, d.endpoint_id, d.attempt
