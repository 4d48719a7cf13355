-- The consumers behind a function (through the routes it serves), busiest first.
select
  d.consumer_id,
  q.name,
  q.consumer_type,
  d.route_id,
  r.method,
  r.path,
  d.requests_per_day::DOUBLE as requests_per_day
from v_function_dependents d
join v_consumer_quota q on q.consumer_id = d.consumer_id
join v_route_stats r on r.route_id = d.route_id
where d.function_id = $function_id
order by d.requests_per_day desc, d.consumer_id, d.route_id
