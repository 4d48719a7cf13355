-- Change-a-function what-if: the routes it serves, busiest first.
select route_id, label, stage, deprecated, dependents, requests_per_day
from v_preview_change_function_routes
where function_id = $function_id
order by requests_per_day desc, route_id
