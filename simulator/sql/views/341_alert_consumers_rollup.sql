-- The consumers each alert names, so a consumer's page lists its alerts and an alert links its
-- consumers: a throttle storm's target; the holders that must switch off a lagging key; the callers
-- still on a route about to sunset; the consumers whose requests an error-budget burn failed.
-- A rollup table built once when the views are applied (it walks the previews); v_alert_consumers
-- reads it.
create or replace table alert_consumers_rollup as
with named as (
  select a.alert_id, a.kind, a.target_id as consumer_id, 'target' as role
  from v_alerts a
  where a.kind = 'throttle_storm'
  union all
  select a.alert_id, a.kind, k.consumer_id, 'holder'
  from v_alerts a
  join v_preview_rotate_key_consumers k on k.key_id = a.target_id
  where a.kind = 'rotation_lag'
  union all
  select a.alert_id, a.kind, d.consumer_id, 'caller'
  from v_alerts a
  join v_preview_retire_route_dependents d on d.route_id = a.target_id
  where a.kind = 'sunset_with_dependents'
  union all
  select a.alert_id, a.kind, b.target_id, 'burner'
  from v_alerts a
  join budget_burn_attribution_rollup b on b.scope = a.alert_id and b.dimension = 'consumer'
  where a.kind = 'error_budget_burn'
)
select
  n.alert_id,
  n.kind,
  n.consumer_id,
  c.name,
  n.role,                                               -- 'target' | 'holder' | 'caller' | 'burner'
  '/app/api/consumers/' || n.consumer_id as href        -- the consumer's page
from named n
join consumers c on c.consumer_id = n.consumer_id
