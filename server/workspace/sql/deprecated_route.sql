-- A deprecated route by method and path in prod, with its dates (ISO) and its successor's path;
-- no row when the workspace has no such deprecated route. Reads the routes table itself (not a
-- measure view), so the API can read it from any workspace, views or not.
select
  r.route_id,
  strftime(r.deprecated_at, '%Y-%m-%d') as deprecated_at,
  strftime(r.sunset_at, '%Y-%m-%d') as sunset_at,
  s.path as successor_path
from routes r
left join routes s on s.route_id = r.successor_route_id
where r.method = $method and r.path = $path and r.stage = 'prod' and r.deprecated and r.deprecated_at is not null
