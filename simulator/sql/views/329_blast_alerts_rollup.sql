-- Root-caused alerts raised by the detectors (v_alert_*), one row each, built once when the views
-- are applied (detection scans the log sample); v_alerts adds the blast score and severity.
create or replace table blast_alerts_rollup as
with raised as (
  select 'rotation_lag' as kind, 'key' as target_type, target_id, label, cause, evidence, next_step,
    null::DOUBLE as throttled_429, null::DOUBLE as quota_burn_pct, target_id as blast_key_id,
    format('/app/api/keys/{}#what-if', target_id) as href
  from v_alert_rotation_lag
  union all
  select 'throttle_storm', 'consumer', consumer_id, label, cause, evidence, next_step,
    throttled_429, quota_burn_pct, key_id, format('/app/api/keys/{}#what-if', key_id)
  from v_alert_throttle_storm
  union all
  select 'sunset_with_dependents', 'route', target_id, label, cause, evidence, next_step,
    null, null, target_id, format('/app/api/routes/{}#what-if', target_id)
  from v_alert_sunset
  union all
  select 'p99_drift_cold_starts', 'function', target_id, label, cause, evidence, next_step,
    null, null, target_id, format('/app/api/functions/{}#what-if', target_id)
  from v_alert_p99_drift
  union all
  select 'function_errors', 'function', target_id, label, cause, evidence, next_step,
    null, null, target_id, format('/app/api/functions/{}#what-if', target_id)
  from v_alert_function_errors
)
select * from raised
