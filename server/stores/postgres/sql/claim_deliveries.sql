-- Claims up to $3 deliveries due at $1 that no worker holds, leasing them until $2. SKIP LOCKED:
-- workers claiming at once take different rows, so each attempt is sent by one worker. Each comes
-- with what its event is made of, so sending it reads nothing more: a raised event's body, or the
-- order whose order.created it is (evt_X is ord_X's: insert_orders).
with claimed as (
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
)
select c.event_id, c.endpoint_id, c.attempt, e.body as raised,
       o.id, o.customer, o.lines, o.livemode, o.created_at, o.key_id, o.environment,
       o.idempotency_key, o.request_sha256, o.request_id
from claimed c
left join events e on e.id = c.event_id
left join orders o on e.id is null and o.id = 'ord_' || substr(c.event_id, 5)
