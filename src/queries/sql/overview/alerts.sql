-- Root-caused alerts (rotation lag, throttle storm, …), most severe and highest blast first, each
-- with its target's own page (target_href: a throttle storm's consumer, not the key it throttles), and
-- with the what-if that answers it (what_if_kind) and that what-if's inputs, filled in:
--   throttle storm: the alert's suggested_rpm, the smallest budget that ends its 429s;
--   rotation lag: the policy's overlap window;
--   sunset with dependents: the route's own sunset, the date the alert tells callers to move before;
--   a failing function or an error-budget burn: a fix (the change what-if at 0% failures).
with c as (select * from v_blast_constants)
select
  a.alert_id,
  a.kind,
  a.severity,
  a.target_type,
  a.target_id,
  a.label,
  a.cause,
  a.evidence,
  a.throttled_429::DOUBLE as throttled_429,
  a.quota_burn_pct::DOUBLE as quota_burn_pct,
  a.blast_score::DOUBLE as blast_score,
  a.next_step,
  a.href,
  a.target_href,
  a.what_if_kind,
  a.suggested_rpm::INTEGER as throttle_rpm,
  case when a.what_if_kind = 'rotate' then c.rotation_overlap_days end::INTEGER as rotate_overlap_days,
  case when a.kind = 'sunset_with_dependents' then strftime(r.sunset_at, '%Y-%m-%d') end as retire_sunset,
  case when a.kind in ('function_errors', 'error_budget_burn') then 0.0 end::DOUBLE as change_error_pct
from v_alerts a
cross join c
left join v_route_stats r on a.target_type = 'route' and r.route_id = a.target_id
order by case a.severity when 'critical' then 0 when 'high' then 1 when 'warning' then 2 else 3 end,
  a.blast_score desc nulls last,
  a.alert_id
