-- The functions that serve a route (route_functions plus the function that backs it).
select function_id
from v_blast_function_routes
where route_id = $route_id
order by function_id
