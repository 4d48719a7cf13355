-- Rotate-a-key what-if, one row per key × consumer that must switch: its traffic through the key,
-- the routes it reaches with it, and how many other active keys of the same environment it holds
-- (0: it has no second material to fall back on during the switch).
create or replace view v_preview_rotate_key_consumers as
with key_deps as (
  select p.key_id, p.consumer_id, con.primary_caller_kind, coalesce(sum(e.requests_per_day), 0) as requests_per_day
  from (select key_id, consumer_id from consumer_keys union select key_id, consumer_id from v_blast_edges) p
  join consumers con on con.consumer_id = p.consumer_id
  left join v_blast_edges e on e.key_id = p.key_id and e.consumer_id = p.consumer_id
  group by all
),
routes_used as (
  select key_id, consumer_id, count(distinct route_id) as routes
  from v_blast_edges
  group by all
),
held as (
  select o.consumer_id, k.environment, count(*) as active_keys
  from key_deps o
  join keys k on k.key_id = o.key_id
  where k.status in ('active', 'expiring')
  group by all
)
select
  ko.key_id,
  ko.consumer_id,
  con.name,
  con.primary_caller_kind,
  ko.requests_per_day,
  coalesce(t.routes, 0)::INTEGER as routes,
  (coalesce(h.active_keys, 0) - case when k.status in ('active', 'expiring') then 1 else 0 end)::INTEGER
    as other_active_keys,
  '/app/api/consumers/' || ko.consumer_id as consumer_href -- the consumer's page
from key_deps ko
join keys k on k.key_id = ko.key_id
join consumers con on con.consumer_id = ko.consumer_id
left join routes_used t on t.key_id = ko.key_id and t.consumer_id = ko.consumer_id
left join held h on h.consumer_id = ko.consumer_id and h.environment = k.environment
