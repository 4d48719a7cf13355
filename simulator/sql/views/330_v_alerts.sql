-- Root-caused alerts, one row each: the target, the cause, the evidence (numbers and period), the
-- target's blast score, the next step, and the link to the target's detail page. Critical when the
-- target's blast is high or a quota is exhausted; most severe and highest blast first.
create or replace view v_alerts as
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
from blast_alerts_rollup r
cross join thresholds t
left join blast_score_rollup s on s.target_id = r.blast_key_id
order by severity = 'critical' desc, blast_score desc nulls last, alert_id
