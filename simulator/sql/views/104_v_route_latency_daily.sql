-- Latency per route per day from the log sample: percentiles of edge_ms + origin_ms.
-- quantile_disc: each percentile is a latency one sampled request actually had (docs/decisions.md).
create or replace view v_route_latency_daily as
select
  day,
  route_id,
  round(quantile_disc(edge_ms + origin_ms, 0.5), 1)::DOUBLE as p50_ms,  -- milliseconds
  round(quantile_disc(edge_ms + origin_ms, 0.99), 1)::DOUBLE as p99_ms, -- milliseconds
  count(*)::INTEGER as sample_requests                                  -- sampled requests behind them
from log_sample
group by day, route_id;
