-- Every published route with its measures and blast score, busiest first (the Routes screen's default).
select
  r.route_id,
  r.method,
  r.path,
  r.api_version,
  r.stage,
  r.deprecated,
  r.requests_per_day,
  r.error_pct,
  r.p99_ms,
  r.agent_share_pct,
  r.dependents,
  r.functions,
  r.is_hot_path,
  r.is_agent_heavy,
  b.score::DOUBLE as blast_score,
  b.is_high_blast
from v_route_stats r
join v_blast_score b on b.target_type = 'route' and b.target_id = r.route_id
order by r.requests_per_day desc, r.route_id
