-- Throttle what-if in the page: the demand histogram of a key or consumer, minutes summed over
-- the period's days per demand level (small: one row per consumer × key × level).
select consumer_id, key_id, requests_per_minute, sum(minutes)::INTEGER as minutes
from key_demand_minute
where key_id = $target_id or consumer_id = $target_id
group by all
order by consumer_id, key_id, requests_per_minute
