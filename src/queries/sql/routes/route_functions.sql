-- The functions that serve a route, with their measures.
select
  f.function_id,
  f.name,
  f.runtime,
  f.region,
  f.status,
  f.invocations,
  f.cold_pct,
  f.p99_ms,
  f.errors,
  f.is_cold_heavy
from v_blast_function_routes fr
join v_function_stats f on f.function_id = fr.function_id
where fr.route_id = $route_id
order by f.invocations desc, f.function_id
