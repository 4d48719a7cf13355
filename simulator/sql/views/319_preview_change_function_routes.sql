-- Change-a-function what-if, one row per function × route it serves: the route's traffic and
-- dependents, and whether the route is deprecated.
create or replace view v_preview_change_function_routes as
select
  rf.function_id,
  rf.route_id,
  r.method || ' ' || r.path as label,
  r.stage,
  r.deprecated,
  count(distinct e.consumer_id) filter (where e.consumer_id is not null)::INTEGER as dependents,
  coalesce(sum(e.requests_per_day), 0) as requests_per_day
from v_blast_function_routes rf
join routes r on r.route_id = rf.route_id
left join v_blast_edges e on e.route_id = rf.route_id
group by all
