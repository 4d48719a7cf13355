-- The Overview's blast board: the highest-blast targets across keys, routes and functions, each
-- linking to its detail page and to the what-if preview there.
create or replace view v_blast_board as
with ranked as (
  select
    s.*,
    row_number() over (order by s.score desc, s.requests_per_day desc, s.target_id) as rank
  from v_blast_score s
)
select
  rank::INTEGER as rank,
  target_type,
  target_id,
  label,
  score,
  is_high_blast,
  dependents,
  requests_per_day,
  reason,
  format('/app/api/{}s/{}', target_type, target_id) as href,
  format('/app/api/{}s/{}#what-if', target_type, target_id) as what_if_href
from ranked
where rank <= (select board_size from v_blast_constants)
order by rank
