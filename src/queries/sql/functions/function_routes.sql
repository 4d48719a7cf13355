-- Every route a function serves (the route it backs first), with the route's measures.
select
  r.route_id,
  r.method,
  r.path,
  r.stage,
  r.requests_per_day,
  r.p99_ms,
  r.error_pct,
  r.route_id = f.route_id as is_backed_route
from v_blast_function_routes fr
join v_route_stats r on r.route_id = fr.route_id
join v_function_stats f on f.function_id = fr.function_id
where fr.function_id = $function_id
order by is_backed_route desc, r.requests_per_day desc, r.route_id
