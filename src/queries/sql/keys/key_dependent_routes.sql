-- The routes a key's dependents call with it: one row per consumer and route, busiest first.
select
  d.consumer_id,
  q.name as consumer_name,
  d.route_id,
  r.method,
  r.path,
  r.stage,
  d.requests_per_day::DOUBLE as requests_per_day,
  d.agent_share_pct::DOUBLE as agent_share_pct
from v_route_dependents d
join v_route_stats r on r.route_id = d.route_id
join v_consumer_quota q on q.consumer_id = d.consumer_id
where d.key_id = $key_id
order by d.requests_per_day desc, d.consumer_id, d.route_id
