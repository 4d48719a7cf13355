-- p99 drift traced to cold starts: a route whose p99 (edge + origin, log sample) over the last
-- p99_drift_window_days rose p99_drift_pct % or more over the window before, served by a function
-- whose cold-start share rose over the same windows by cold_start_rise_pct % or more (relative) to
-- cold_heavy_pct or more. The target is the function (the cause); the evidence names the route
-- that drifted most.
create or replace view v_alert_p99_drift as
with c as (select * from v_blast_constants),
windows as (
  select
    (p.period_end - to_days(c.p99_drift_window_days - 1))::DATE as recent_start,
    (p.period_end - to_days(2 * c.p99_drift_window_days - 1))::DATE as before_start,
    p.period_end
  from v_period p cross join c
),
route_p99 as (
  select
    l.route_id,
    quantile_disc(l.edge_ms + l.origin_ms, 0.99) filter (where l.day >= w.recent_start) as p99_recent_ms,
    quantile_disc(l.edge_ms + l.origin_ms, 0.99) filter (where l.day < w.recent_start) as p99_before_ms,
    count(*) filter (where l.day >= w.recent_start) as samples_recent,
    count(*) filter (where l.day < w.recent_start) as samples_before
  from log_sample l
  cross join windows w
  where l.day >= w.before_start and l.day <= w.period_end
  group by all
),
drifting as (
  select r.*, 100 * (r.p99_recent_ms / r.p99_before_ms - 1) as drift_pct
  from route_p99 r cross join c
  where r.samples_recent >= c.p99_drift_min_samples and r.samples_before >= c.p99_drift_min_samples
    and r.p99_recent_ms >= r.p99_before_ms * (1 + c.p99_drift_pct / 100)
),
cold as (
  select
    d.function_id,
    100 * sum(d.cold_starts) filter (where d.day >= w.recent_start)
      / nullif(sum(d.invocations) filter (where d.day >= w.recent_start), 0) as cold_recent_pct,
    100 * sum(d.cold_starts) filter (where d.day < w.recent_start)
      / nullif(sum(d.invocations) filter (where d.day < w.recent_start), 0) as cold_before_pct
  from function_daily d
  cross join windows w
  where d.day >= w.before_start and d.day <= w.period_end
  group by all
),
traced as (
  select
    fr.function_id,
    dr.*,
    co.cold_recent_pct,
    co.cold_before_pct,
    row_number() over (partition by fr.function_id order by dr.drift_pct desc, dr.route_id) as rank
  from drifting dr
  join v_blast_function_routes fr on fr.route_id = dr.route_id
  join cold co on co.function_id = fr.function_id
  cross join thresholds t
  cross join c
  where co.cold_recent_pct >= t.cold_heavy_pct
    and co.cold_recent_pct >= co.cold_before_pct * (1 + c.cold_start_rise_pct / 100)
)
select
  tr.function_id as target_id,
  f.name as label,
  format('cold starts of {} rose from {}% to {}% of invocations', f.name,
    round(tr.cold_before_pct, 1), round(tr.cold_recent_pct, 1)) as cause,
  format('p99 of {} rose {}% from {} ms to {} ms ({} to {} vs the {} days before; {} and {} sampled requests)',
    r.method || ' ' || r.path, round(tr.drift_pct)::BIGINT, round(tr.p99_before_ms)::BIGINT,
    round(tr.p99_recent_ms)::BIGINT,
    w.recent_start, w.period_end, c.p99_drift_window_days, tr.samples_before, tr.samples_recent) as evidence,
  format('Keep {} warm (provisioned concurrency or a smaller bundle) and watch the p99 of {}.', f.name,
    r.method || ' ' || r.path) as next_step
from traced tr
join functions f on f.function_id = tr.function_id
join routes r on r.route_id = tr.route_id
cross join windows w
cross join c
where tr.rank = 1
