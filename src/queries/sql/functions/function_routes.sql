-- The routes a function serves (route_functions plus the route it backs).
select route_id
from v_blast_function_routes
where function_id = $function_id
order by route_id
