-- Latency percentiles of the log sample, computed ONCE when the views are applied (the writer does
-- it after the facts are written): an exact percentile must read every sampled request, ~100-300 ms
-- per query on the default workspace, against ~1 ms from this table. v_route_latency_daily,
-- v_route_stats and v_overview_p99 read it. A table, not a view: rows inserted into log_sample
-- after the views are applied are not in it. Percentiles are nearest-rank (quantile_disc): the
-- smallest sampled latency with at least that share of the sample at or below it.
create or replace table log_latency_rollup as
select
  'route_day' as grain,                                 -- 'route_day' | 'route' | 'all' (one row)
  day,                                                  -- null unless route_day
  route_id,                                             -- null for 'all'
  sample_requests,                                      -- sampled requests behind the row
  quantiles[1] as p50_ms,                               -- ms, edge + origin; route_day only
  quantiles[2] as p99_ms,                               -- ms, edge + origin
  null::DOUBLE as edge_p99_ms,                          -- ms at the edge; 'all' only
  null::DOUBLE as origin_p99_ms                         -- ms at the origin; 'all' only
from (
  -- Both percentiles from one aggregate state: one copy of the values, not two.
  select day, route_id, count(*)::INTEGER as sample_requests,
    quantile_disc(edge_ms + origin_ms, [0.5, 0.99]) as quantiles
  from log_sample
  group by day, route_id
);

insert into log_latency_rollup
select 'route', null, route_id, count(*), null, quantile_disc(edge_ms + origin_ms, 0.99), null, null
from log_sample
group by route_id;

-- The whole sample, exactly one row (null percentiles when nothing was sampled).
insert into log_latency_rollup
select
  'all', null, null, count(*), null,
  quantile_disc(edge_ms + origin_ms, 0.99),
  quantile_disc(edge_ms, 0.99),
  quantile_disc(origin_ms, 0.99)
from log_sample;
