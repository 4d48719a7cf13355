-- Latency per route per day from the log sample: nearest-rank percentiles of edge_ms + origin_ms
-- (precomputed in log_latency_rollup; docs/decisions.md "Measures").
create or replace view v_route_latency_daily as
select
  day,
  route_id,
  p50_ms::DOUBLE as p50_ms,                  -- milliseconds
  p99_ms::DOUBLE as p99_ms,                  -- milliseconds
  sample_requests                            -- sampled requests behind them
from log_latency_rollup
where grain = 'route_day';
