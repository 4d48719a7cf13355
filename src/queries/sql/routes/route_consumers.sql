-- The consumers that call a route, with the key they call it through, busiest first.
select
  d.consumer_id,
  q.name,
  q.consumer_type,
  d.primary_caller_kind,
  d.key_id,
  k.name as key_name,
  k.key_prefix,
  k.key_last4,
  k.environment as key_environment,
  d.requests_per_day::DOUBLE as requests_per_day,
  d.agent_share_pct::DOUBLE as agent_share_pct
from v_route_dependents d
join v_consumer_quota q on q.consumer_id = d.consumer_id
join v_key_stats k on k.key_id = d.key_id
where d.route_id = $route_id
order by d.requests_per_day desc, d.consumer_id, d.key_id
