-- The spec's thresholds (one row), for the labels that name them in page text.
select
  quota_risk_pct::DOUBLE as quota_risk_pct,
  hot_path_requests_per_day::DOUBLE as hot_path_requests_per_day,
  cold_heavy_pct::DOUBLE as cold_heavy_pct,
  high_blast_score::DOUBLE as high_blast_score,
  unused_key_days::INTEGER as unused_key_days,
  availability_target_pct::DOUBLE as availability_target_pct,
  agent_heavy_share_pct::DOUBLE as agent_heavy_share_pct
from v_thresholds
