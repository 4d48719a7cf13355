-- The inputs of the blast score for every key, route and function: who depends on it, how much
-- traffic would feel a change, how many dependents are automation or assistants, whether a change
-- is already scheduled, and the environment. The score (303) is a pure function of these columns.
create or replace view v_blast_inputs as
with c as (select * from v_blast_constants),
key_consumers as (
  select key_id, consumer_id from consumer_keys
  union
  select key_id, consumer_id from v_blast_edges
),
key_nodes as (
  select
    'key' as target_type,
    k.key_id as target_id,
    k.name as label,
    k.environment,
    count(kc.consumer_id)::INTEGER as dependents,
    count(kc.consumer_id) filter (where con.primary_caller_kind in ('automation', 'assistant'))::INTEGER
      as slow_dependents,
    coalesce(max(e.requests_per_day), 0) as requests_per_day,
    coalesce(
      k.status = 'expiring' or (k.status = 'active' and k.expires_at < w.as_of + to_days(c.expiring_soon_days)),
      false
    ) as pending_change
  from keys k
  cross join workspace w
  cross join c
  left join key_consumers kc on kc.key_id = k.key_id
  left join consumers con on con.consumer_id = kc.consumer_id
  left join (
    select key_id, sum(requests_per_day) as requests_per_day from v_blast_edges group by key_id
  ) e on e.key_id = k.key_id
  group by all
),
route_consumers as (
  select route_id, consumer_id, sum(requests_per_day) as requests_per_day
  from v_blast_edges
  group by all
),
route_nodes as (
  select
    'route' as target_type,
    r.route_id as target_id,
    r.method || ' ' || r.path as label,
    r.stage as environment,
    count(rc.consumer_id)::INTEGER as dependents,
    count(rc.consumer_id) filter (where con.primary_caller_kind in ('automation', 'assistant'))::INTEGER
      as slow_dependents,
    coalesce(sum(rc.requests_per_day), 0) as requests_per_day,
    r.deprecated as pending_change
  from routes r
  left join route_consumers rc on rc.route_id = r.route_id
  left join consumers con on con.consumer_id = rc.consumer_id
  group by all
),
function_consumers as (
  select distinct rf.function_id, rc.consumer_id
  from route_functions rf
  join route_consumers rc on rc.route_id = rf.route_id
),
function_traffic as (
  select rf.function_id, sum(rn.requests_per_day) as requests_per_day
  from route_functions rf
  join route_nodes rn on rn.target_id = rf.route_id
  group by all
),
function_nodes as (
  select
    'function' as target_type,
    f.function_id as target_id,
    f.name as label,
    r.stage as environment,
    count(fc.consumer_id)::INTEGER as dependents,
    count(fc.consumer_id) filter (where con.primary_caller_kind in ('automation', 'assistant'))::INTEGER
      as slow_dependents,
    coalesce(max(ft.requests_per_day), 0) as requests_per_day,
    false as pending_change -- no change of a function is scheduled in the data
  from functions f
  join routes r on r.route_id = f.route_id
  left join function_consumers fc on fc.function_id = f.function_id
  left join consumers con on con.consumer_id = fc.consumer_id
  left join function_traffic ft on ft.function_id = f.function_id
  group by all
)
select
  n.*,
  case n.environment
    when 'production' then c.production_weight
    when 'prod' then c.production_weight
    when 'staging' then c.staging_weight
    else c.sandbox_weight
  end as environment_weight
from (
  select * from key_nodes
  union all select * from route_nodes
  union all select * from function_nodes
) n
cross join c
