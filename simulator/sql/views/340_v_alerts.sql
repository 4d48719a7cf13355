-- Root-caused alerts, one row each: the target, the cause, the evidence (numbers and period), the
-- target's blast score, the next step, the link to the what-if that answers it and to the target's
-- own page. Critical when the alert pages (a fast error-budget burn), the target's blast is high or a
-- quota is exhausted; most severe and highest blast first.
create or replace view v_alerts as
select
  r.alert_id,                     -- '<kind>:<target_id>'; a burn: 'error_budget_burn:<rule>:<start>'
  r.kind,
  case when r.is_page or coalesce(s.score, 0) >= t.high_blast_score or r.quota_burn_pct >= 100 then 'critical'
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
  r.href,                         -- the what-if on the detail page (a throttle storm: its key's)
  r.target_href,                  -- the target's own page (a throttle storm: the consumer's)
  r.what_if_kind,                 -- 'rotate' | 'throttle' | 'retire' | 'change'
  r.what_if_target_id,            -- the key, route or function the what-if runs on
  r.suggested_rpm,                -- throttle storms: rpm budget whose replay predicts zero 429s
  round(r.burn_rate, 1)::DOUBLE as burn_rate -- error-budget burns: peak long-window burn rate
from blast_alerts_rollup r
cross join thresholds t
left join blast_score_rollup s on s.target_id = r.blast_key_id
order by severity = 'critical' desc, blast_score desc nulls last, alert_id
