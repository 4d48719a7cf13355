-- Every published route with its measures, lifecycle and blast score (why it ranks included),
-- busiest first (the Routes screen's default); detail pages pick their route from this list.
select
  r.route_id,
  r.method,
  r.path,
  r.api_version,
  r.stage,
  r.deprecated,
  strftime(r.deprecated_at, '%Y-%m-%d') as deprecated_at,
  strftime(r.sunset_at, '%Y-%m-%d') as sunset_at,
  r.successor_route_id,
  r.requests_total,
  r.requests_per_day,
  r.error_pct,
  r.p99_ms,
  r.agent_share_pct,
  r.dependents,
  r.functions,
  r.is_hot_path,
  r.is_agent_heavy,
  b.score::DOUBLE as blast_score,
  b.is_high_blast,
  b.reason as blast_reason
from v_route_stats r
join v_blast_score b on b.target_type = 'route' and b.target_id = r.route_id
order by r.requests_per_day desc, r.route_id
