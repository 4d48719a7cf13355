-- Every deployed function with its measures, the route it backs, its status by the one rule
-- (v_function_status: its figures and the alerts naming it, with the reason) and its blast score
-- (why it ranks included), highest blast first; detail pages pick their function from this list.
select
  f.function_id,
  f.name,
  f.runtime,
  f.region,
  f.route_id,
  r.method as route_method,
  r.path as route_path,
  r.stage as route_stage,
  s.status,
  s.status_reason,
  s.status <> 'healthy' as needs_attention,
  f.invocations,
  f.cold_starts,
  f.cold_pct,
  f.errors,
  f.error_pct,
  f.p99_ms,
  f.is_cold_heavy,
  b.score::DOUBLE as blast_score,
  b.is_high_blast,
  b.reason as blast_reason
from v_function_stats f
join v_route_stats r on r.route_id = f.route_id
join v_function_status s on s.function_id = f.function_id
join v_blast_score b on b.target_type = 'function' and b.target_id = f.function_id
order by b.score desc, f.function_id
