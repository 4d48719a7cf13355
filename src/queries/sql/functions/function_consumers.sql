-- The consumers behind a function, one row per consumer and route it reaches, busiest first.
select consumer_id, route_id, requests_per_day::DOUBLE as requests_per_day
from v_function_dependents
where function_id = $function_id
order by requests_per_day desc, consumer_id, route_id
