-- Throttle what-if in the page: the consumer × key streams of a key or consumer, with the consumer's
-- and the key's names, ordered by consumer then key.
select distinct d.consumer_id, d.key_id, c.name, k.name as key_name, c.primary_caller_kind
from blast_demand_rollup d
join v_consumer_quota c on c.consumer_id = d.consumer_id
join v_key_stats k on k.key_id = d.key_id
where d.key_id = $target_id or d.consumer_id = $target_id
order by d.consumer_id, d.key_id
