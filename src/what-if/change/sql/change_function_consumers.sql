-- Change-a-function what-if: the consumers behind its routes, busiest first.
select consumer_id, name, primary_caller_kind, routes, requests_per_day
from v_preview_change_function_consumers
where function_id = $function_id
order by requests_per_day desc, consumer_id
