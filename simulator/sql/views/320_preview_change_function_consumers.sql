-- Change-a-function what-if, one row per function × consumer behind the routes it serves, with
-- that consumer's traffic on those routes.
create or replace view v_preview_change_function_consumers as
select
  rf.function_id,
  e.consumer_id,
  con.name,
  con.primary_caller_kind,
  count(distinct e.route_id)::INTEGER as routes,
  sum(e.requests_per_day) as requests_per_day,
  '/app/api/consumers/' || e.consumer_id as consumer_href -- the consumer's page
from v_blast_function_routes rf
join v_blast_edges e on e.route_id = rf.route_id
join consumers con on con.consumer_id = e.consumer_id
group by all
