-- Retire-a-route what-if: who still calls the route, busiest first.
select consumer_id, name, primary_caller_kind, key_ids, requests_per_day, agent_share_pct
from v_preview_retire_route_dependents
where route_id = $route_id
order by requests_per_day desc, consumer_id
