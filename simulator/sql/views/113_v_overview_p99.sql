-- The overview's p99 latency over the whole log sample: edge, origin, and their per-request sum.
-- The total is the p99 of (edge_ms + origin_ms), not the sum of the two p99s. Precomputed in
-- log_latency_rollup (grain 'all', always exactly one row; null percentiles when nothing sampled).
create or replace view v_overview_p99 as
select
  edge_p99_ms::DOUBLE as edge_p99_ms,               -- ms at the edge
  origin_p99_ms::DOUBLE as origin_p99_ms,           -- ms at the origin
  p99_ms::DOUBLE as total_p99_ms                    -- ms, edge + origin
from log_latency_rollup
where grain = 'all';
