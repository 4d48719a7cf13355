-- The routes one consumer calls, busiest first.
select
  route_id,
  label,
  method,
  path,
  stage,
  deprecated,
  requests_per_day,
  error_pct,
  throttled_429,
  agent_share_pct,
  keys,
  href
from v_consumer_routes
where consumer_id = $consumer_id
order by requests_per_day desc, route_id
