-- Every key's and route's blast radius (v_blast_score, the console's figures): score, dependents
-- (distinct consumers) and requests per day.
select target_type, target_id, score::DOUBLE as score, dependents::DOUBLE as dependents,
  requests_per_day::DOUBLE as requests_per_day
from v_blast_score
where target_type in ('key', 'route')
