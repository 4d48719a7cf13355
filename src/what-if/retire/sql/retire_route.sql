-- Retire-a-route what-if: the summary for one route (v_preview_retire_route); dates as ISO strings.
select
  route_id, label, stage, deprecated, strftime(deprecated_at, '%Y-%m-%d') as deprecated_at,
  strftime(sunset_at, '%Y-%m-%d') as sunset_at, successor_route_id, successor_label, successor_path,
  dependents_calling, requests_per_day, agent_share_pct, automation_share_pct,
  functions_left_without_route, blast_score
from v_preview_retire_route
where route_id = $route_id
