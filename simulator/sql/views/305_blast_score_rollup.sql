-- The blast score (0–100) of every key, route and function, with its breakdown: each term is a
-- saturating, monotone function of one input, scaled by the environment weight; the score is the
-- sum of the rounded terms, so the breakdown adds up to it. Constants: v_blast_constants.
-- A rollup table built once when the views are applied; v_blast_score reads it.
create or replace table blast_score_rollup as
with c as (select * from v_blast_constants),
points as (
  select
    i.*,
    round(
      i.environment_weight * c.dependents_weight
        * (1 - exp(-i.dependents / case when i.target_type = 'key' then c.key_dependents_scale else c.dependents_scale end)),
      1
    ) as dependents_points,
    round(
      i.environment_weight * c.traffic_weight
        * least(1, ln(1 + i.requests_per_day / c.traffic_ref_per_day)
          / ln(1 + c.traffic_cap_hot_paths * t.hot_path_requests_per_day / c.traffic_ref_per_day)),
      1
    ) as traffic_points,
    round(i.environment_weight * c.slow_callers_weight * (1 - exp(-i.slow_dependents / c.slow_callers_scale)), 1)
      as slow_callers_points,
    case when i.pending_change then
      round(i.environment_weight * c.pending_change_weight * (1 - exp(-i.dependents / c.pending_change_scale)), 1)
    else 0.0 end as pending_change_points
  from v_blast_inputs i
  cross join c
  cross join thresholds t
),
scored as (
  select
    *,
    round(dependents_points + traffic_points + slow_callers_points + pending_change_points, 1) as score
  from points
)
select
  target_type,
  target_id,
  label,
  score,
  environment,
  environment_weight,
  dependents,
  slow_dependents,
  requests_per_day,
  pending_change,
  dependents_points,
  traffic_points,
  slow_callers_points,
  pending_change_points,
  concat(
    case environment when 'production' then 'Production' when 'prod' then 'Prod'
      when 'staging' then 'Staging' else 'Sandbox' end,
    case target_type when 'key' then ' key used by ' when 'route' then ' route called by '
      else format(' function serving {} route{} called by ', routes_served,
        case when routes_served = 1 then '' else 's' end) end,
    case when dependents = 0 then 'no consumer'
      else format('{} consumer{}', dependents, case when dependents = 1 then '' else 's' end) end,
    case when slow_dependents > 0 then format(' ({} automation or assistant)', slow_dependents) else '' end,
    case when dependents > 0 then format(' at {:,} requests/day', round(requests_per_day)::BIGINT) else '' end,
    case
      when pending_change and target_type = 'key' and dependents > 0 then '; it expires soon'
      when pending_change and target_type = 'route' and dependents > 0 then '; deprecated but still called'
      else ''
    end,
    '.'
  ) as reason
from scored
