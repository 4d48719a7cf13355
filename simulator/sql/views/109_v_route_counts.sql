-- Route counts for the Routes screen's summary: one row for all stages ('all') and one per stage,
-- always present (zero when a stage has no routes). Deprecated routes count everywhere.
create or replace view v_route_counts as
with stages(stage, sort_order) as (
  values ('all', 0), ('prod', 1), ('sandbox', 2), ('staging', 3)
)
select
  s.stage,
  count(r.route_id)::INTEGER as routes,
  count(r.route_id) filter (where r.is_hot_path)::INTEGER as hot_paths,
  count(r.route_id) filter (where r.deprecated)::INTEGER as deprecated_paths,
  count(r.route_id) filter (where r.is_agent_heavy)::INTEGER as agent_heavy_paths,
  s.sort_order::INTEGER as sort_order -- 0 for 'all', then prod, sandbox, staging
from stages s
left join v_route_stats r on s.stage = 'all' or r.stage = s.stage
group by s.stage, s.sort_order;
