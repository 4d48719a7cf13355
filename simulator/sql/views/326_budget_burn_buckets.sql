-- The error budget's raw material, one row per burn_step_minutes bucket of the period (dense, zeros
-- included), built ONCE when the views are applied (it scans the log sample). The daily facts give
-- each day's exact requests and 5xx; the log sample's timestamps say where in the day they fell:
-- a bucket gets the day's requests in proportion to its sampled requests, and the day's 5xx in
-- proportion to its sampled 5xx (so the buckets of a day add up to that day's traffic_daily totals,
-- and the estimate is the sample's scaled by the day's sampling rate, corrected by the exact day).
-- A day with no sampled 5xx spreads its 5xx like its requests; a day without samples spreads both
-- evenly; a day with samples but no daily facts (a test fixture) counts the sample itself.
-- Running totals let any window be read as a difference of two rows (v_budget_burn_rates).
create or replace table budget_burn_buckets as
with c as (select * from v_blast_constants),
grid as (
  select g.bucket_start::TIMESTAMP as bucket_start, g.bucket_start::DATE as day
  from v_period p
  cross join c
  cross join generate_series(
    p.period_start::TIMESTAMP, p.as_of::TIMESTAMP - to_minutes(c.burn_step_minutes), to_minutes(c.burn_step_minutes)
  ) as g(bucket_start)
),
sampled as (
  select
    time_bucket(to_minutes(c.burn_step_minutes), l.ts, p.period_start::TIMESTAMP) as bucket_start,
    count(*) as sample_requests,
    count(*) filter (where l.status >= 500) as sample_5xx
  from log_sample l
  cross join c
  cross join v_period p
  group by all
),
facts as (
  select day, sum(requests) as requests, sum(status_5xx) as status_5xx from traffic_daily group by all
),
buckets as (
  select
    g.bucket_start,
    g.day,
    coalesce(s.sample_requests, 0) as sample_requests,
    coalesce(s.sample_5xx, 0) as sample_5xx
  from grid g
  left join sampled s on s.bucket_start = g.bucket_start
),
days as (
  select day, count(*) as buckets, sum(sample_requests) as sample_requests, sum(sample_5xx) as sample_5xx
  from buckets
  group by all
),
estimated as (
  select
    b.*,
    case
      when f.day is null then b.sample_requests
      when d.sample_requests = 0 then f.requests / d.buckets
      else f.requests * b.sample_requests / d.sample_requests
    end as requests,
    case
      when f.day is null then b.sample_5xx
      when d.sample_5xx > 0 then f.status_5xx * b.sample_5xx / d.sample_5xx
      when d.sample_requests = 0 then f.status_5xx / d.buckets
      else f.status_5xx * b.sample_requests / d.sample_requests
    end as status_5xx
  from buckets b
  join days d using (day)
  left join facts f using (day)
)
select
  bucket_start,                                   -- start of the bucket (UTC)
  day,
  sample_requests::INTEGER as sample_requests,    -- sampled requests in the bucket
  sample_5xx::INTEGER as sample_5xx,              -- of them answered 5xx
  requests::DOUBLE as requests,                   -- estimated requests (the day's exact total, spread)
  status_5xx::DOUBLE as status_5xx,               -- estimated 5xx (the day's exact 5xx, spread)
  sum(requests) over w ::DOUBLE as cum_requests,  -- running totals since the period began, this bucket included
  sum(status_5xx) over w ::DOUBLE as cum_status_5xx,
  sum(sample_5xx) over w ::INTEGER as cum_sample_5xx
from estimated
window w as (order by bucket_start rows between unbounded preceding and current row)
order by bucket_start
