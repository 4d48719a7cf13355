-- Root-caused alerts (rotation lag, throttle storm, …), most severe and highest blast first.
select
  alert_id,
  kind,
  severity,
  target_type,
  target_id,
  label,
  cause,
  evidence,
  throttled_429::DOUBLE as throttled_429,
  quota_burn_pct::DOUBLE as quota_burn_pct,
  blast_score::DOUBLE as blast_score,
  next_step,
  href
from v_alerts
order by case severity when 'critical' then 0 when 'high' then 1 when 'warning' then 2 else 3 end,
  blast_score desc nulls last,
  alert_id
