-- The dependency graph with its traffic (blast_edges_rollup): consumer × route × key, requests/day
-- by caller kind and 429s/day.
create or replace view v_blast_edges as
select route_id, consumer_id, key_id, requests_per_day, requests_automation_per_day, requests_assistant_per_day,
  throttled_429_per_day
from blast_edges_rollup
