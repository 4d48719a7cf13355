-- One target's blast score with its breakdown (v_blast_score).
select
  target_type, target_id, label, score, is_high_blast, is_rotation_risk, environment, environment_weight,
  dependents, slow_dependents, requests_per_day, pending_change,
  dependents_points, traffic_points, slow_callers_points, pending_change_points, reason
from v_blast_score
where target_type = $target_type and target_id = $target_id
