-- The Overview's blast board: the highest-blast targets across keys, routes and functions, each
-- linking to its detail page and to the what-if preview there. A function that serves one route
-- only tells that route's story (the same consumers and traffic): it shares the route's entry,
-- labelled "GET /v2/orders/{order_id} → order-read" and linking to the route's page (which links
-- the function), so the board's entries are different stories.
create or replace view v_blast_board as
with exclusive as (
  -- functions serving exactly one route, by that route
  select fr.route_id, string_agg(f.name, ', ' order by f.name) as function_names,
    min(fr.function_id) as function_id, count(*) as functions
  from v_blast_function_routes fr
  join functions f using (function_id)
  where fr.function_id in (select function_id from v_blast_function_routes group by all having count(*) = 1)
  group by all
),
entries as (
  select
    s.*,
    e.function_id as paired_function_id,
    e.function_names as paired_function_name,
    case when e.route_id is null then s.label else s.label || ' → ' || e.function_names end as entry_label
  from v_blast_score s
  left join exclusive e on s.target_type = 'route' and e.route_id = s.target_id
  where s.target_type <> 'function' or s.target_id not in (
    select function_id from v_blast_function_routes group by all having count(*) = 1
  )
),
ranked as (
  select
    *,
    row_number() over (order by score desc, requests_per_day desc, target_id) as rank
  from entries
)
select
  rank::INTEGER as rank,
  target_type,
  target_id,
  entry_label as label,
  score,
  is_high_blast,
  dependents,
  requests_per_day,
  reason,
  format('/app/api/{}s/{}', target_type, target_id) as href,
  format('/app/api/{}s/{}#what-if', target_type, target_id) as what_if_href,
  paired_function_id,          -- the function that shares this route's entry; null otherwise
  paired_function_name
from ranked
where rank <= (select board_size from v_blast_constants)
order by rank
