-- The what-if input that answers each alert, by alert_id, so the Overview links each alert to its
-- target's what-if already filled in:
--   throttle storm: the budget that would end its 429s, the peak demand recorded through the key
--     that carried most of them (the throttle preview predicts 0 there);
--   sunset with dependents: a sunset that gives the callers the notice policy (as_of + 90 days);
--   rotation lag: the policy's overlap window;
--   5xx from a failing function: a fix (the change what-if at 0% failures).
-- Seam: derived here from the existing views until v_alerts carries its own suggestion columns
-- (such as suggested_rpm); then select those instead.
with c as (select * from v_blast_constants)
select
  a.alert_id,
  case when a.kind = 'throttle_storm' then (
    select max(d.requests_per_minute)
    from v_alert_throttle_storm s
    join blast_demand_rollup d on d.key_id = s.key_id
    where s.consumer_id = a.target_id
  ) end::INTEGER as throttle_rpm,
  case when a.kind = 'sunset_with_dependents'
    then strftime(p.as_of + to_days(c.retire_notice_days), '%Y-%m-%d') end as retire_sunset,
  case when a.kind = 'rotation_lag' then c.rotation_overlap_days end::INTEGER as rotate_overlap_days,
  case when a.kind = 'function_errors' then 0.0 end::DOUBLE as change_error_pct
from v_alerts a
cross join v_period p
cross join c
