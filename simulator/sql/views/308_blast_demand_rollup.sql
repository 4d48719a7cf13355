-- Recorded per-minute demand summed over the period's days: one row per consumer × key × demand
-- level, with the minutes at that level. The throttle what-if replays it (preview_throttle, and
-- the page's embedded histogram); built once when the views are applied, sorted by key so a key's
-- rows sit together.
create or replace table blast_demand_rollup as
select key_id, consumer_id, requests_per_minute, sum(minutes)::BIGINT as minutes
from key_demand_minute
group by all
order by key_id, consumer_id, requests_per_minute
