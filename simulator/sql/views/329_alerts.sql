-- Root-caused alerts, one row each: the target, the cause, the evidence (numbers and period), the
-- target's blast score, the next step, and the link to the target's detail page.
create or replace view v_alerts as
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
)
select
  r.kind || ':' || r.target_id as alert_id,
  r.kind,
  case when coalesce(s.score, 0) >= t.high_blast_score or r.quota_burn_pct >= 100 then 'critical'
    else 'warning' end as severity,
  r.target_type,
  r.target_id,
  r.label,
  r.cause,
  r.evidence,
  r.throttled_429,
  r.quota_burn_pct,
  s.score as blast_score,
  r.next_step,
  r.href
from raised r
cross join thresholds t
left join v_blast_score s on s.target_id = r.blast_key_id
order by severity = 'critical' desc, blast_score desc nulls last, alert_id
