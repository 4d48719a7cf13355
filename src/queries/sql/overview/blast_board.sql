-- The highest-blast keys, routes and functions, each with why it ranks; each links to the what-if
-- preview on its detail page.
select rank, target_type, target_id, label, score, is_high_blast, reason, what_if_href as href
from v_blast_board
order by rank
