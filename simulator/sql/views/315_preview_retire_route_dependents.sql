-- Retire-a-route what-if, one row per route × consumer still calling it (the console's list of who
-- still calls a deprecated route): traffic, agent share, and the keys it calls with.
create or replace view v_preview_retire_route_dependents as
select
  e.route_id,
  e.consumer_id,
  con.name,
  con.primary_caller_kind,
  string_agg(distinct e.key_id, ', ' order by e.key_id) as key_ids,
  sum(e.requests_per_day) as requests_per_day,
  100 * sum(e.requests_assistant_per_day) / sum(e.requests_per_day) as agent_share_pct,
  '/app/api/consumers/' || e.consumer_id as consumer_href -- the consumer's page
from v_blast_edges e
join consumers con on con.consumer_id = e.consumer_id
group by all
having sum(e.requests_per_day) > 0
