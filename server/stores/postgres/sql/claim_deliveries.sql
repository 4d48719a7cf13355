-- Claims up to $3 deliveries due at $1 that no worker holds, leasing them until $2, oldest first,
-- and of each endpoint's no more than bring this worker's attempts in flight to it (endpoints $4,
-- counts $5) up to $6: an endpoint whose attempts wait for their time-out holds its share of the
-- slots, never all of them. SKIP LOCKED: workers claiming at once take different rows, so each
-- attempt is sent by one worker. Each comes with what its event is made of, so sending it reads
-- nothing more: a raised event's body, or the order whose order.created it is (evt_X is ord_X's:
-- insert_orders).
with flying as (
  select * from unnest($4::text[], $5::integer[]) as f (endpoint_id, n)
), due as (
  select d.event_id, d.endpoint_id, d.due_at
  from webhook_endpoints e
  left join flying f on f.endpoint_id = e.id
  cross join lateral (
    select x.event_id, x.endpoint_id, x.due_at
    from webhook_deliveries x
    where x.endpoint_id = e.id and x.due_at <= $1 and (x.locked_until is null or x.locked_until <= $1)
    order by x.due_at
    limit greatest(0, $6::integer - coalesce(f.n, 0))
    for update skip locked
  ) d
  order by d.due_at
  limit $3
), claimed as (
  update webhook_deliveries d
  set locked_until = $2
  from due
  where d.event_id = due.event_id and d.endpoint_id = due.endpoint_id
  returning d.event_id, d.endpoint_id, d.attempt
)
select c.event_id, c.endpoint_id, c.attempt, e.body as raised,
       o.id, o.customer, o.lines, o.livemode, o.created_at, o.key_id, o.environment,
       o.idempotency_key, o.request_sha256, o.request_id
from claimed c
left join events e on e.id = c.event_id
left join orders o on e.id is null and o.id = 'ord_' || substr(c.event_id, 5)
