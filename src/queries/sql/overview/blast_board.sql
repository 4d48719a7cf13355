-- The highest-blast keys, routes and functions, each with why it ranks.
select rank, target_type, target_id, label, score, is_high_blast, reason, href
from v_blast_board
order by rank
