-- Root-caused alerts raised by the detectors (v_alert_*), one row each, built once when the views
-- are applied (detection scans the log sample); v_alerts adds the blast score and severity. Each row
-- says which what-if answers it (what_if_kind on what_if_target_id, with suggested_rpm for a
-- throttle storm), and the target's own page (target_href).
create or replace table blast_alerts_rollup as
with raised as (
  select 'rotation_lag:' || target_id as alert_id, 'rotation_lag' as kind, 'key' as target_type, target_id,
    label, cause, evidence, next_step, null::DOUBLE as throttled_429, null::DOUBLE as quota_burn_pct,
    target_id as blast_key_id, format('/app/api/keys/{}#what-if', target_id) as href,
    format('/app/api/keys/{}', target_id) as target_href, 'rotate' as what_if_kind,
    target_id as what_if_target_id, null::INTEGER as suggested_rpm, null::DOUBLE as burn_rate,
    false as is_page
  from v_alert_rotation_lag
  union all
  select 'throttle_storm:' || consumer_id, 'throttle_storm', 'consumer', consumer_id, label, cause, evidence,
    next_step, throttled_429, quota_burn_pct, key_id, format('/app/api/keys/{}#what-if', key_id),
    format('/app/api/consumers/{}', consumer_id), 'throttle', key_id, suggested_rpm, null, false
  from v_alert_throttle_storm
  union all
  select 'sunset_with_dependents:' || target_id, 'sunset_with_dependents', 'route', target_id, label, cause,
    evidence, next_step, null, null, target_id, format('/app/api/routes/{}#what-if', target_id),
    format('/app/api/routes/{}', target_id), 'retire', target_id, null, null, false
  from v_alert_sunset
  union all
  select 'p99_drift_cold_starts:' || target_id, 'p99_drift_cold_starts', 'function', target_id, label, cause,
    evidence, next_step, null, null, target_id, format('/app/api/functions/{}#what-if', target_id),
    format('/app/api/functions/{}', target_id), 'change', target_id, null, null, false
  from v_alert_p99_drift
  union all
  select 'function_errors:' || target_id, 'function_errors', 'function', target_id, label, cause, evidence,
    next_step, null, null, target_id, format('/app/api/functions/{}#what-if', target_id),
    format('/app/api/functions/{}', target_id), 'change', target_id, null, null, false
  from v_alert_function_errors
  union all
  -- the target of a burn is the function that burned most of it (the cause)
  select b.alert_id, 'error_budget_burn', 'function', b.top_function_id, f.name, b.cause, b.evidence,
    b.next_step, null, null, b.top_function_id, b.href,
    format('/app/api/functions/{}', b.top_function_id), 'change', b.top_function_id, null,
    b.peak_burn_rate, b.rule = 'fast'
  from v_alert_budget_burn b
  left join functions f on f.function_id = b.top_function_id
)
select * from raised
