-- Who depends on each route: one row per route × consumer × key, declared (consumer_routes) or
-- observed (traffic_daily), with that edge's traffic. Dependents of a route = distinct consumer_id.
create or replace view v_route_dependents as
with observed as (
  select
    route_id,
    consumer_id,
    key_id,
    sum(requests) as requests,
    sum(requests_assistant) as requests_assistant
  from traffic_daily
  group by route_id, consumer_id, key_id
),
edges as (
  select
    coalesce(o.route_id, cr.route_id) as route_id,
    coalesce(o.consumer_id, cr.consumer_id) as consumer_id,
    coalesce(o.key_id, cr.key_id) as key_id,
    coalesce(o.requests, 0) as requests,
    coalesce(o.requests_assistant, 0) as requests_assistant
  from observed o
  full join consumer_routes cr
    on cr.route_id = o.route_id and cr.consumer_id = o.consumer_id and cr.key_id = o.key_id
)
select
  e.route_id,
  e.consumer_id,
  e.key_id,
  e.requests::DOUBLE / p.days as requests_per_day, -- mean over the period's days
  case when e.requests > 0
    then e.requests_assistant * 100.0 / e.requests
  end as agent_share_pct,                           -- % of this edge's requests from assistants; null: no traffic
  c.primary_caller_kind,                            -- who mostly drives the consumer
  c.name as consumer_name,
  '/app/api/consumers/' || e.consumer_id as consumer_href -- the consumer's page
from edges e
cross join v_period p
left join consumers c on c.consumer_id = e.consumer_id;
