-- An event no order carries ($1 id, $2 type, $3 created_at, $4 environment, $5 body), and in the
-- same statement a delivery of it to every enabled endpoint of its environment subscribed to it
-- and made before it. An id raised already (two workers sweeping the trail) inserts nothing.
with inserted as (
  insert into events (id, type, created_at, environment, body)
  values ($1, $2, $3, $4, $5)
  on conflict (id) do nothing
  returning id, type, environment, created_at
)
insert into webhook_deliveries (event_id, endpoint_id, due_at)
select i.id, w.id, i.created_at
from inserted i
join webhook_endpoints w
  on w.environment = i.environment
 and w.status = 'enabled'
 and (w.enabled_events && array[i.type, '*'])
 and w.created_at <= i.created_at
