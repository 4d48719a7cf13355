-- Multiwindow, multi-burn-rate evaluation (the Google SRE workbook's alerting on SLOs), every
-- burn_step_minutes over the period, for three rules: fast (fast_burn_rate over fast_burn_long_minutes,
-- confirmed over fast_burn_short_minutes), slow (slow_burn_rate over 6 h, confirmed over 30 min) and
-- sustained (1× over 3 days, confirmed over 6 h: the budget runs out before the period ends; the
-- workbook's ticket). A window reaches back at most to the period's start.
-- A window's burn rate is its estimated 5xx share (budget_burn_buckets) over the share the
-- availability target allows, rounded to 9 decimals so an exact 14.4 is not lost to binary
-- fractions. A rule fires when both windows burn at or above its rate (the workbook's >=) and the
-- long window holds at least burn_min_sample_5xx sampled 5xx: fewer is chance, not a rate.
create or replace view v_budget_burn_rates as
with c as (select * from v_blast_constants),
rules as (
  select 'fast' as rule, fast_burn_rate as threshold, fast_burn_long_minutes as long_minutes,
    fast_burn_short_minutes as short_minutes, 1 as sort_order
  from c
  union all
  select 'slow', slow_burn_rate, slow_burn_long_minutes, slow_burn_short_minutes, 2 from c
  union all
  select 'sustained', sustained_burn_rate, sustained_burn_long_minutes, sustained_burn_short_minutes, 3 from c
),
windows as (
  select
    r.rule,
    r.sort_order,
    r.threshold,
    r.long_minutes,
    r.short_minutes,
    b.bucket_start + to_minutes(c.burn_step_minutes) as evaluated_at,
    b.cum_requests - coalesce(lb.cum_requests, 0) as long_requests,
    b.cum_status_5xx - coalesce(lb.cum_status_5xx, 0) as long_5xx,
    b.cum_sample_5xx - coalesce(lb.cum_sample_5xx, 0) as long_sample_5xx,
    b.cum_requests - coalesce(sb.cum_requests, 0) as short_requests,
    b.cum_status_5xx - coalesce(sb.cum_status_5xx, 0) as short_5xx
  from budget_burn_buckets b
  cross join c
  cross join rules r
  -- the bucket just before each window: its running totals are what the window does not contain
  left join budget_burn_buckets lb on lb.bucket_start = b.bucket_start - to_minutes(r.long_minutes)
  left join budget_burn_buckets sb on sb.bucket_start = b.bucket_start - to_minutes(r.short_minutes)
),
rated as (
  select
    w.*,
    round(w.long_5xx * 100.0 / nullif(w.long_requests, 0) / (100 - t.availability_target_pct), 9) as long_burn_rate,
    round(w.short_5xx * 100.0 / nullif(w.short_requests, 0) / (100 - t.availability_target_pct), 9) as short_burn_rate
  from windows w
  cross join thresholds t
)
select
  r.rule,                                              -- 'fast' | 'slow' | 'sustained'
  r.evaluated_at,                                      -- end of both windows (UTC)
  r.threshold::DOUBLE as burn_rate_threshold,          -- × the allowed error rate
  r.long_minutes::INTEGER as long_window_minutes,
  r.short_minutes::INTEGER as short_window_minutes,
  r.long_burn_rate::DOUBLE as long_burn_rate,          -- null: no requests in the window
  r.short_burn_rate::DOUBLE as short_burn_rate,
  r.long_sample_5xx::INTEGER as long_sample_5xx,       -- sampled 5xx in the long window (the evidence)
  coalesce(
    r.long_burn_rate >= r.threshold and r.short_burn_rate >= r.threshold
      and r.long_sample_5xx >= c.burn_min_sample_5xx,
    false
  ) as fires,
  r.sort_order::INTEGER as sort_order                  -- fast, slow, then sustained
from rated r
cross join c
