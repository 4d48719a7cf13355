-- The blast score of every key, route and function (blast_score_rollup) with its breakdown, flagged
-- high blast (and, for keys, rotation risk) at thresholds.high_blast_score.
create or replace view v_blast_score as
select
  s.target_type,
  s.target_id,
  s.label,
  s.score,
  s.score >= t.high_blast_score as is_high_blast,
  s.target_type = 'key' and s.score >= t.high_blast_score as is_rotation_risk,
  s.environment,
  s.environment_weight,
  s.dependents,
  s.slow_dependents,
  s.requests_per_day,
  s.pending_change,
  s.dependents_points,
  s.traffic_points,
  s.slow_callers_points,
  s.pending_change_points,
  s.reason
from blast_score_rollup s
cross join thresholds t
