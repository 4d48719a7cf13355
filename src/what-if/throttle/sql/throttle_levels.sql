-- Throttle what-if in the page: the demand histogram of a key or consumer, minutes summed over
-- the period's days per demand level (blast_demand_rollup: one row per consumer × key × level).
select consumer_id, key_id, requests_per_minute, minutes::INTEGER as minutes
from blast_demand_rollup
where key_id = $target_id or consumer_id = $target_id
order by consumer_id, key_id, requests_per_minute
