-- Retire-a-route what-if, one row per route × function serving it: whether retiring the route
-- leaves the function without any route.
create or replace view v_preview_retire_route_functions as
select
  rf.route_id,
  rf.function_id,
  f.name,
  f.status,
  not exists (
    select 1 from v_blast_function_routes o where o.function_id = rf.function_id and o.route_id <> rf.route_id
  ) as left_without_route
from v_blast_function_routes rf
join functions f on f.function_id = rf.function_id
