-- The consumers that call a route, one row per consumer and key, busiest first.
select
  consumer_id,
  key_id,
  primary_caller_kind,
  requests_per_day::DOUBLE as requests_per_day,
  agent_share_pct::DOUBLE as agent_share_pct
from v_route_dependents
where route_id = $route_id
order by requests_per_day desc, consumer_id, key_id
