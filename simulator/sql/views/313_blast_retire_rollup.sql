-- Retire-a-route what-if, one row per route: the dependents still calling it, their traffic and
-- agent (assistant) share, the functions it would leave without a route, and the deprecation
-- dates callers will see. A route not yet deprecated gets a proposed deprecation as of the
-- workspace's as_of, a sunset retire_notice_days later, and as successor the same method and path
-- on the next api_version in the same stage, when one is published.
-- A rollup table built once when the views are applied; v_preview_retire_route reads it.
create or replace table blast_retire_rollup as
with c as (select * from v_blast_constants),
calling as (
  select
    route_id,
    count(distinct consumer_id) filter (where requests_per_day > 0)::INTEGER as dependents_calling,
    sum(requests_per_day) as requests_per_day,
    sum(requests_assistant_per_day) as requests_assistant_per_day,
    sum(requests_automation_per_day) as requests_automation_per_day
  from v_blast_edges
  group by all
),
orphans as (
  select
    rf.route_id,
    count(*) filter (where not exists (
      select 1 from v_blast_function_routes o where o.function_id = rf.function_id and o.route_id <> rf.route_id
    ))::INTEGER as functions_left_without_route
  from v_blast_function_routes rf
  group by all
),
inferred_successor as (
  select r.route_id, min(n.route_id) as successor_route_id
  from routes r
  join routes n
    on n.method = r.method and n.stage = r.stage and not n.deprecated
    and n.api_version = 'v' || (try_cast(substr(r.api_version, 2) as INTEGER) + 1)
    and n.path = '/' || n.api_version || substr(r.path, length(r.api_version) + 2)
  group by all
)
select
  r.route_id,
  r.method || ' ' || r.path as label,
  r.stage,
  r.deprecated,
  coalesce(r.deprecated_at, w.as_of) as deprecated_at,
  coalesce(r.sunset_at, w.as_of + to_days(c.retire_notice_days))::DATE as sunset_at,
  coalesce(r.successor_route_id, i.successor_route_id) as successor_route_id,
  s.method || ' ' || s.path as successor_label,
  s.path as successor_path,
  coalesce(ca.dependents_calling, 0) as dependents_calling,
  coalesce(ca.requests_per_day, 0) as requests_per_day,
  case when coalesce(ca.requests_per_day, 0) > 0
    then 100 * ca.requests_assistant_per_day / ca.requests_per_day else 0.0 end as agent_share_pct,
  case when coalesce(ca.requests_per_day, 0) > 0
    then 100 * ca.requests_automation_per_day / ca.requests_per_day else 0.0 end
    as automation_share_pct,
  coalesce(o.functions_left_without_route, 0) as functions_left_without_route,
  bs.score as blast_score
from routes r
cross join workspace w
cross join c
left join inferred_successor i on i.route_id = r.route_id
left join routes s on s.route_id = coalesce(r.successor_route_id, i.successor_route_id)
left join calling ca on ca.route_id = r.route_id
left join orphans o on o.route_id = r.route_id
join v_blast_score bs on bs.target_type = 'route' and bs.target_id = r.route_id
