-- The retire-a-route what-if of every route (v_preview_retire_route, the console's figures): a dry
-- run of a deprecation shows who still calls it and what would be left without a route.
select
  route_id, dependents_calling, requests_per_day::DOUBLE as requests_per_day,
  agent_share_pct::DOUBLE as agent_share_pct, automation_share_pct::DOUBLE as automation_share_pct,
  functions_left_without_route, blast_score::DOUBLE as blast_score
from v_preview_retire_route
