-- Latency percentiles of the log sample, computed ONCE when the views are applied (the writer does
-- it after the facts are written), because an exact percentile must read every sampled request:
-- ~100-300 ms per query on the default workspace, against ~1 ms from this table. The views that
-- show latency (v_route_latency_daily, v_route_stats, v_overview_p99) read it. A table, not a
-- view: rows inserted into log_sample after the views are applied are not in it.
-- Percentiles are nearest-rank (quantile_disc): a latency some sampled request actually had.
create or replace table log_latency_rollup as
select
  'route_day' as grain,                                  -- one row per route and day sampled
  day,
  route_id,
  count(*)::INTEGER as sample_requests,                  -- sampled requests behind the row
  quantile_disc(edge_ms + origin_ms, 0.5) as p50_ms,     -- ms, edge + origin
  quantile_disc(edge_ms + origin_ms, 0.99) as p99_ms,    -- ms, edge + origin
  null::DOUBLE as edge_p99_ms,
  null::DOUBLE as origin_p99_ms
from log_sample
group by day, route_id
union all
select
  'route' as grain,                                      -- one row per route, whole period
  null::DATE as day,
  route_id,
  count(*)::INTEGER,
  quantile_disc(edge_ms + origin_ms, 0.5),
  quantile_disc(edge_ms + origin_ms, 0.99),
  null::DOUBLE,
  null::DOUBLE
from log_sample
group by route_id
union all
select
  'all' as grain,                                        -- exactly one row: every route, whole period
  null::DATE as day,
  null::VARCHAR as route_id,
  count(*)::INTEGER,
  quantile_disc(edge_ms + origin_ms, 0.5),
  quantile_disc(edge_ms + origin_ms, 0.99),
  quantile_disc(edge_ms, 0.99),                          -- ms at the edge
  quantile_disc(origin_ms, 0.99)                         -- ms at the origin
from log_sample;
