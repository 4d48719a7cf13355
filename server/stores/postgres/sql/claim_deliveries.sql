-- Claims up to $3 deliveries due at $1 that no worker holds, leasing them until $2, oldest first,
-- and of each endpoint's no more than bring this worker's attempts in flight to it (endpoints $4,
-- counts $5) up to $6: an endpoint whose attempts wait for their time-out holds its share of the
-- slots, never all of them. The endpoints are those with deliveries waiting, one index probe each (a
-- loose index scan), including any whose row is gone (its delete raced an order's insert): the
-- worker settles those. Only the rows taken are locked, SKIP LOCKED: workers claiming at once take
-- different rows, so each attempt is sent by one worker. Each comes with what its event is made
-- of, so sending it reads nothing more: a raised event's body, or the order whose order.created it
-- is (evt_X is ord_X's: insert_orders).
with recursive flying as (
  select * from unnest($4::text[], $5::integer[]) as f (endpoint_id, n)
), endpoints as (
  (select endpoint_id from webhook_deliveries order by endpoint_id limit 1)
  union all
  select (
    select x.endpoint_id from webhook_deliveries x
    where x.endpoint_id > e.endpoint_id
    order by x.endpoint_id
    limit 1
  )
  from endpoints e
  where e.endpoint_id is not null
), candidates as (
  select d.ctid
  from endpoints e
  left join flying f on f.endpoint_id = e.endpoint_id
  cross join lateral (
    select x.ctid
    from webhook_deliveries x
    where x.endpoint_id = e.endpoint_id and x.due_at <= $1 and (x.locked_until is null or x.locked_until <= $1)
    order by x.due_at
    limit greatest(0, $6::integer - coalesce(f.n, 0))
  ) d
  where e.endpoint_id is not null
), due as (
  -- The candidates by where they lie (a TID scan), each checked again once locked.
  select x.event_id, x.endpoint_id
  from webhook_deliveries x
  where x.ctid = any (array(select ctid from candidates))
    and x.due_at <= $1 and (x.locked_until is null or x.locked_until <= $1)
  order by x.due_at
  limit $3
  for update skip locked
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
