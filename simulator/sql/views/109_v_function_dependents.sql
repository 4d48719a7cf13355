-- Who depends on each function: function → the routes it serves → those routes' consumers.
-- One row per function × route × consumer; dependents of a function = distinct consumer_id.
create or replace view v_function_dependents as
with function_routes as (
  select function_id, route_id from route_functions
  union
  select function_id, route_id from functions
),
route_consumers as (
  select route_id, consumer_id, sum(requests_per_day) as requests_per_day
  from v_route_dependents
  group by route_id, consumer_id
)
select
  fr.function_id,
  fr.route_id,
  rc.consumer_id,
  rc.requests_per_day, -- the consumer's mean requests/day on this route, every key
  c.name as consumer_name,
  '/app/api/consumers/' || rc.consumer_id as consumer_href -- the consumer's page
from function_routes fr
join route_consumers rc on rc.route_id = fr.route_id
left join consumers c on c.consumer_id = rc.consumer_id;
