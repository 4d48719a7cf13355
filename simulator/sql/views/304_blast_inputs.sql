-- The inputs of the blast score for every key, route and function, read from the measure views'
-- dependency graph (v_key_dependents, v_route_dependents, v_function_dependents): who depends on
-- it, the requests/day that would feel a change, how many dependents are automation or assistants,
-- whether a change is already scheduled, and the environment's weight. The score (blast_score_rollup) is a pure
-- function of these columns.
create or replace view v_blast_inputs as
with c as (select * from v_blast_constants),
key_nodes as (
  select
    'key' as target_type,
    k.key_id as target_id,
    k.name as label,
    k.environment,
    count(distinct d.consumer_id)::INTEGER as dependents,
    count(distinct d.consumer_id) filter (where d.primary_caller_kind in ('automation', 'assistant'))::INTEGER
      as slow_dependents,
    coalesce(sum(d.requests_per_day), 0) as requests_per_day,
    coalesce(
      k.status = 'expiring' or (k.status = 'active' and k.expires_at < w.as_of + to_days(c.expiring_soon_days)),
      false
    ) as pending_change,
    null::INTEGER as routes_served
  from keys k
  cross join workspace w
  cross join c
  left join v_key_dependents d on d.key_id = k.key_id
  group by all
),
route_nodes as (
  select
    'route' as target_type,
    r.route_id as target_id,
    r.method || ' ' || r.path as label,
    r.stage as environment,
    count(distinct d.consumer_id)::INTEGER as dependents,
    count(distinct d.consumer_id) filter (where d.primary_caller_kind in ('automation', 'assistant'))::INTEGER
      as slow_dependents,
    coalesce(sum(d.requests_per_day), 0) as requests_per_day,
    r.deprecated as pending_change,
    null::INTEGER as routes_served
  from routes r
  left join v_route_dependents d on d.route_id = r.route_id
  group by all
),
function_nodes as (
  select
    'function' as target_type,
    f.function_id as target_id,
    f.name as label,
    r.stage as environment,
    count(distinct d.consumer_id)::INTEGER as dependents,
    count(distinct d.consumer_id) filter (where con.primary_caller_kind in ('automation', 'assistant'))::INTEGER
      as slow_dependents,
    coalesce(sum(d.requests_per_day), 0) as requests_per_day,
    false as pending_change, -- no change of a function is scheduled in the data
    (select count(*) from v_blast_function_routes fr where fr.function_id = f.function_id)::INTEGER
      as routes_served
  from functions f
  join routes r on r.route_id = f.route_id
  left join v_function_dependents d on d.function_id = f.function_id
  left join consumers con on con.consumer_id = d.consumer_id
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
