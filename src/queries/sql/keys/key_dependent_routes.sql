-- The routes a key's dependents call with it: one row per consumer and route, busiest first.
select
  consumer_id,
  route_id,
  requests_per_day::DOUBLE as requests_per_day,
  agent_share_pct::DOUBLE as agent_share_pct
from v_route_dependents
where key_id = $key_id
order by requests_per_day desc, consumer_id, route_id
