-- The dependency graph with its traffic: one row per consumer × route × key, declared
-- (consumer_routes) or observed (traffic_daily), with mean requests/day over the workspace's days.
-- A rollup table, built once when the views are applied (the workspace file never changes after),
-- so every preview reads a few hundred rows instead of re-aggregating the traffic.
create or replace table blast_edges_rollup as
with traffic as (
  select
    route_id,
    consumer_id,
    key_id,
    sum(requests)::DOUBLE as requests,
    sum(requests_automation)::DOUBLE as requests_automation,
    sum(requests_assistant)::DOUBLE as requests_assistant,
    sum(throttled_429)::DOUBLE as throttled_429
  from traffic_daily
  group by all
)
select
  coalesce(t.route_id, cr.route_id) as route_id,
  coalesce(t.consumer_id, cr.consumer_id) as consumer_id,
  coalesce(t.key_id, cr.key_id) as key_id,
  coalesce(t.requests, 0) / w.days as requests_per_day,
  coalesce(t.requests_automation, 0) / w.days as requests_automation_per_day,
  coalesce(t.requests_assistant, 0) / w.days as requests_assistant_per_day,
  coalesce(t.throttled_429, 0) / w.days as throttled_429_per_day
from traffic t
full join consumer_routes cr
  on cr.route_id = t.route_id and cr.consumer_id = t.consumer_id and cr.key_id = t.key_id
cross join workspace w
order by key_id, route_id, consumer_id
