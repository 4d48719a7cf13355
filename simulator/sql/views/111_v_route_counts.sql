-- Route counts for the Routes screen's summary: one row for all stages ('all') and one per stage,
-- always present (zero when a stage has no routes). Deprecated routes count everywhere.
create or replace view v_route_counts as
with stages(stage, sort_order) as (
  values ('all', 0), ('prod', 1), ('sandbox', 2), ('staging', 3)
),
counted as (
  select
    coalesce(stage, 'all') as stage, -- the empty grouping set is the 'all' row
    count(*) as routes,
    count(*) filter (where is_hot_path) as hot_paths,
    count(*) filter (where deprecated) as deprecated_paths,
    count(*) filter (where is_agent_heavy) as agent_heavy_paths
  from v_route_stats
  group by grouping sets ((stage), ())
)
select
  s.stage,
  coalesce(c.routes, 0)::INTEGER as routes,
  coalesce(c.hot_paths, 0)::INTEGER as hot_paths,
  coalesce(c.deprecated_paths, 0)::INTEGER as deprecated_paths,
  coalesce(c.agent_heavy_paths, 0)::INTEGER as agent_heavy_paths,
  s.sort_order::INTEGER as sort_order -- 0 for 'all', then prod, sandbox, staging
from stages s
left join counted c on c.stage = s.stage;
