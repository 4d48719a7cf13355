-- Retire-a-route what-if: the functions serving the route, those left without a route first.
select function_id, name, status, left_without_route
from v_preview_retire_route_functions
where route_id = $route_id
order by left_without_route desc, function_id
