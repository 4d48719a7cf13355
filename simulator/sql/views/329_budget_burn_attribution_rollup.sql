-- Who burned the error budget, by route, consumer and function, built ONCE when the views are
-- applied (it scans the log sample). Two scopes: 'period', the 5xx of the whole period from the
-- daily facts (traffic_daily, exact); and each burn alert (its alert_id), the sampled 5xx of its
-- span (span_start to ended_at). Neither source says which function failed: a route's 5xx are
-- charged to the functions serving it in proportion to each one's failed invocations that day
-- (function_daily.errors), evenly when none failed. Shares are rounded to 0.01 by largest
-- remainder, so per scope and dimension they add up to exactly 100.
create or replace table budget_burn_attribution_rollup as
with failed as (
  -- (scope, day, route, consumer, 5xx): the period's from the daily facts, each alert's from the sample
  select 'period' as scope, day, route_id, consumer_id, sum(status_5xx)::DOUBLE as status_5xx
  from traffic_daily
  where status_5xx > 0
  group by all
  union all
  select a.alert_id, l.day, l.route_id, l.consumer_id, count(*)::DOUBLE
  from budget_burn_alerts_rollup a
  join log_sample l on l.ts >= a.span_start and l.ts < a.ended_at and l.status >= 500
  group by all
),
function_weights as (
  select
    fr.route_id,
    d.day,
    fr.function_id,
    coalesce(
      coalesce(fd.errors, 0) / nullif(sum(coalesce(fd.errors, 0)) over (partition by fr.route_id, d.day), 0),
      1.0 / count(*) over (partition by fr.route_id, d.day)
    ) as weight
  from v_blast_function_routes fr
  cross join (select distinct day from failed) d
  left join function_daily fd on fd.function_id = fr.function_id and fd.day = d.day
),
charged as (
  select scope, 'route' as dimension, route_id as target_id, sum(status_5xx) as charged_5xx
  from failed group by all
  union all
  select scope, 'consumer', consumer_id, sum(status_5xx) from failed group by all
  union all
  select f.scope, 'function', w.function_id, sum(f.status_5xx * w.weight)
  from failed f
  join function_weights w on w.route_id = f.route_id and w.day = f.day
  group by all
),
shared as (
  select
    *,
    charged_5xx * 10000 / sum(charged_5xx) over (partition by scope, dimension) as hundredths,
    floor(charged_5xx * 10000 / sum(charged_5xx) over (partition by scope, dimension)) as floored
  from charged
),
rounded as (
  select
    *,
    row_number() over (partition by scope, dimension order by hundredths - floored desc, target_id)
      as remainder_rank,
    10000 - sum(floored) over (partition by scope, dimension) as left_over
  from shared
)
select
  u.scope,                                                  -- 'period' or a burn alert's alert_id
  u.dimension,                                              -- 'route' | 'function' | 'consumer'
  u.target_id,
  case u.dimension
    when 'route' then r.method || ' ' || r.path
    when 'function' then f.name
    else con.name
  end as label,                                             -- what a person reads
  u.charged_5xx,                                            -- 5xx charged to it (fractional for functions)
  ((u.floored + case when u.remainder_rank <= u.left_over then 1 else 0 end) / 100)::DOUBLE as share_pct,
  row_number() over (partition by u.scope, u.dimension order by u.charged_5xx desc, u.target_id)::INTEGER
    as rank,                                                -- 1 = burned most
  format('/app/api/{}s/{}', u.dimension, u.target_id) as href -- the target's page
from rounded u
left join routes r on u.dimension = 'route' and r.route_id = u.target_id
left join functions f on u.dimension = 'function' and f.function_id = u.target_id
left join consumers con on u.dimension = 'consumer' and con.consumer_id = u.target_id
order by u.scope, u.dimension, rank
