-- A route's p50 and p99 latency (edge + origin, log sample) per sampled day.
select strftime(day, '%Y-%m-%d') as day, p50_ms, p99_ms
from v_route_latency_daily
where route_id = $route_id
order by day
