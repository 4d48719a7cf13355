-- How many orders a key created in [from, to): its plan quota's use in a calendar month.
select count(*)::float8 as orders
from orders
where key_id = $1 and created_at >= $2 and created_at < $3
