-- The consumers that depend on a key, busiest first (v_key_dependents).
select consumer_id, requests_per_day::DOUBLE as requests_per_day, primary_caller_kind
from v_key_dependents
where key_id = $key_id
order by requests_per_day desc, consumer_id
