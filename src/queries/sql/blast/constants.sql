-- The constants of the blast formula (one row), for the breakdown's explanation.
select
  dependents_weight, dependents_scale, key_dependents_scale, traffic_weight, traffic_ref_per_day,
  slow_callers_weight, slow_callers_scale, pending_change_weight, pending_change_scale, production_weight,
  staging_weight, sandbox_weight, rotation_overlap_days, rotation_overlap_min_days, retire_notice_days,
  sunset_soon_days,
  (select traffic_cap_hot_paths * hot_path_requests_per_day from v_thresholds)::DOUBLE as traffic_cap_per_day,
  (select high_blast_score from v_thresholds) as high_blast_score
from v_blast_constants
