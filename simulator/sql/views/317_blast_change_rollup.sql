-- Change-a-function what-if, one row per function: the routes it serves, their traffic, and the
-- consumers behind them (how many are automation or assistants).
-- A rollup table built once when the views are applied; v_preview_change_function reads it.
create or replace table blast_change_rollup as
with route_traffic as (
  select route_id, sum(requests_per_day) as requests_per_day, sum(requests_assistant_per_day) as assistant
  from v_blast_edges
  group by all
),
served as (
  select
    rf.function_id,
    count(*)::INTEGER as routes_served,
    coalesce(sum(rt.requests_per_day), 0) as requests_per_day,
    coalesce(sum(rt.assistant), 0) as requests_assistant_per_day
  from v_blast_function_routes rf
  left join route_traffic rt on rt.route_id = rf.route_id
  group by all
),
behind as (
  select
    rf.function_id,
    count(distinct e.consumer_id)::INTEGER as consumers,
    count(distinct e.consumer_id) filter (where con.primary_caller_kind = 'automation')::INTEGER
      as automation_consumers,
    count(distinct e.consumer_id) filter (where con.primary_caller_kind = 'assistant')::INTEGER
      as assistant_consumers
  from v_blast_function_routes rf
  join v_blast_edges e on e.route_id = rf.route_id
  join consumers con on con.consumer_id = e.consumer_id
  group by all
)
select
  f.function_id,
  f.name as label,
  f.runtime,
  f.region,
  f.status,
  coalesce(s.routes_served, 0) as routes_served,
  coalesce(s.requests_per_day, 0) as requests_per_day,
  case when coalesce(s.requests_per_day, 0) > 0
    then 100 * s.requests_assistant_per_day / s.requests_per_day else 0.0 end as agent_share_pct,
  coalesce(b.consumers, 0) as consumers,
  coalesce(b.automation_consumers, 0) as automation_consumers,
  coalesce(b.assistant_consumers, 0) as assistant_consumers,
  bs.score as blast_score
from functions f
left join served s on s.function_id = f.function_id
left join behind b on b.function_id = f.function_id
join v_blast_score bs on bs.target_type = 'function' and bs.target_id = f.function_id
