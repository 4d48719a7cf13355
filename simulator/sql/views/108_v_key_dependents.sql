-- Who depends on each key: one row per key × consumer, from consumer_keys (holders), plus any
-- consumer seen using the key in consumer_routes or traffic_daily. Dependents = rows per key.
create or replace view v_key_dependents as
with pairs as (
  select key_id, consumer_id from consumer_keys
  union
  select key_id, consumer_id from consumer_routes
  union
  select key_id, consumer_id from traffic_daily
),
usage as (
  select key_id, consumer_id, sum(requests) as requests
  from traffic_daily
  group by key_id, consumer_id
)
select
  pr.key_id,
  pr.consumer_id,
  coalesce(u.requests, 0)::DOUBLE / p.days as requests_per_day, -- this consumer through this key, mean per day
  c.primary_caller_kind,
  c.name as consumer_name,
  '/app/api/consumers/' || pr.consumer_id as consumer_href -- the consumer's page
from pairs pr
cross join v_period p
left join usage u on u.key_id = pr.key_id and u.consumer_id = pr.consumer_id
left join consumers c on c.consumer_id = pr.consumer_id;
