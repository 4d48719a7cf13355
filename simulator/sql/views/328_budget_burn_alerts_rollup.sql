-- Error-budget burn alerts, one row per run of firing evaluations of a rule (v_budget_burn_rates),
-- built ONCE when the views are applied. Firing evaluations less than the rule's long window apart
-- belong to one alert (a new alert needs its long window to clear first). A slow-burn alert that
-- overlaps a fast-burn one is not raised (Alertmanager-style inhibition: the page already covers it),
-- nor a sustained burn that a fast or slow one set off (it starts inside that one's span); a sustained
-- burn that was burning before is raised beside them (its horizon is the budget, not the outage).
-- The alert's span is the data that made it fire: from its long window's start before the first
-- firing evaluation to the last one. Its 5xx are the span's estimated 5xx (budget_burn_buckets), as a
-- share of the period's budget: (100 − target)% of every request of the period.
create or replace table budget_burn_alerts_rollup as
with firing as (
  select * from v_budget_burn_rates where fires
),
marked as (
  select
    *,
    case when lag(evaluated_at) over (partition by rule order by evaluated_at)
      >= evaluated_at - to_minutes(long_window_minutes) then 0 else 1 end as starts_alert
  from firing
),
numbered as (
  select *, sum(starts_alert) over (partition by rule order by evaluated_at) as alert_number from marked
),
runs as (
  select
    rule,
    alert_number,
    any_value(burn_rate_threshold) as burn_rate_threshold,
    any_value(long_window_minutes) as long_window_minutes,
    any_value(short_window_minutes) as short_window_minutes,
    min(evaluated_at) as started_at,
    max(evaluated_at) as ended_at,
    max(long_burn_rate) as peak_burn_rate,
    max(short_burn_rate) as peak_short_burn_rate
  from numbered
  group by all
),
raised as (
  select r.*
  from runs r
  where r.rule = 'fast'
    or (r.rule = 'slow' and not exists (
      select 1 from runs f
      where f.rule = 'fast' and f.started_at <= r.ended_at and f.ended_at >= r.started_at
    ))
    -- a sustained burn set off by a burn already alerted (it starts inside that one's span) is not raised
    or (r.rule = 'sustained' and not exists (
      select 1 from runs f
      where f.rule in ('fast', 'slow')
        and r.started_at between f.started_at - to_minutes(f.long_window_minutes) and f.ended_at
    ))
),
budget as (
  select sum(b.requests) * (100 - t.availability_target_pct) / 100 as budget_requests
  from budget_burn_buckets b
  cross join thresholds t
  group by t.availability_target_pct
)
select
  format('error_budget_burn:{}:{}', r.rule, strftime(r.started_at, '%Y-%m-%dT%H:%MZ')) as alert_id,
  r.rule,                                                   -- 'fast' | 'slow' | 'sustained'
  r.burn_rate_threshold,                                    -- × the allowed error rate
  r.long_window_minutes,
  r.short_window_minutes,
  r.started_at,                                             -- first firing evaluation (UTC)
  r.ended_at,                                               -- last firing evaluation
  greatest(r.started_at - to_minutes(r.long_window_minutes), p.period_start::TIMESTAMP)
    as span_start,                                          -- start of the data that fired it
  r.peak_burn_rate,                                         -- peak long-window burn rate
  r.peak_short_burn_rate,
  coalesce(sum(b.status_5xx), 0)::DOUBLE as status_5xx,     -- estimated 5xx in the span
  coalesce(100 * sum(b.status_5xx) / nullif(any_value(g.budget_requests), 0), 0)::DOUBLE
    as budget_spent_pct_exact,                              -- % of the period's budget the span spent
  coalesce(sum(b.sample_5xx), 0)::INTEGER as sample_5xx     -- sampled 5xx in the span
from raised r
cross join budget g
cross join v_period p
left join budget_burn_buckets b
  on b.bucket_start >= r.started_at - to_minutes(r.long_window_minutes) and b.bucket_start < r.ended_at
group by all
order by r.started_at, r.rule
