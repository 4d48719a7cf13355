-- Throttle what-if in the page: the consumer × key streams of a key or consumer, ordered by
-- consumer then key.
select distinct d.consumer_id, d.key_id, c.name, c.primary_caller_kind
from blast_demand_rollup d
join v_consumer_quota c on c.consumer_id = d.consumer_id
where d.key_id = $target_id or d.consumer_id = $target_id
order by d.consumer_id, d.key_id
