-- Every published route and its deprecation as simulated (dates YYYY-MM-DD, UTC).
select route_id, method, path, stage, deprecated,
  strftime(deprecated_at, '%Y-%m-%d') as deprecated_at,
  strftime(sunset_at, '%Y-%m-%d') as sunset_at,
  successor_route_id
from routes
order by route_id
