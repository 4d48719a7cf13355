-- The routes a consumer calls (declared in consumer_routes or seen in traffic_daily), over all its
-- keys: its requests/day there, their error %, 429s and assistant share, and the keys it uses.
create or replace view v_consumer_routes as
with traffic as (
  select
    consumer_id,
    route_id,
    sum(requests) as requests,
    sum(status_4xx + status_5xx) as errors,
    sum(throttled_429) as throttled_429,
    sum(requests_assistant) as requests_assistant
  from traffic_daily
  group by all
),
edges as (
  select consumer_id, route_id, count(distinct key_id) as keys from v_route_dependents group by all
)
select
  e.consumer_id,
  e.route_id,
  r.method || ' ' || r.path as label,
  r.method,
  r.path,
  r.stage,
  r.deprecated,
  (coalesce(t.requests, 0) / p.days)::DOUBLE as requests_per_day, -- this consumer, every key
  (t.errors * 100.0 / nullif(t.requests, 0))::DOUBLE as error_pct, -- 4xx + 5xx, 429s included
  coalesce(t.throttled_429, 0)::DOUBLE as throttled_429,                  -- period
  (t.requests_assistant * 100.0 / nullif(t.requests, 0))::DOUBLE as agent_share_pct,
  e.keys::INTEGER as keys,                                                -- keys it calls the route with
  '/app/api/routes/' || e.route_id as href                                -- the route's page
from edges e
join routes r on r.route_id = e.route_id
cross join v_period p
left join traffic t on t.consumer_id = e.consumer_id and t.route_id = e.route_id
