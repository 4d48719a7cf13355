-- Rotate-a-key what-if, one row per key: the consumers that must switch to new material, their
-- requests/day through this key, how many are automation or assistants, the routes they reach, and
-- the overlap window (old and new material both valid): the policy's rotation_overlap_days, cut
-- short by the key's expiry; shorter than rotation_overlap_min_days is no usable overlap.
-- A rollup table built once when the views are applied; v_preview_rotate_key reads it.
create or replace table blast_rotate_rollup as
with c as (select * from v_blast_constants),
per_consumer as (
  select p.key_id, p.consumer_id, con.primary_caller_kind, coalesce(sum(e.requests_per_day), 0) as requests_per_day
  from (select key_id, consumer_id from consumer_keys union select key_id, consumer_id from v_blast_edges) p
  join consumers con on con.consumer_id = p.consumer_id
  left join v_blast_edges e on e.key_id = p.key_id and e.consumer_id = p.consumer_id
  group by all
),
reach as (
  select key_id, count(distinct route_id)::INTEGER as routes_reached
  from v_blast_edges
  group by all
),
window_days as (
  select
    k.key_id,
    case
      when k.status in ('revoked', 'rotated') then 0
      when k.expires_at is null then c.rotation_overlap_days
      else greatest(0, least(c.rotation_overlap_days, date_diff('day', w.as_of::TIMESTAMP, k.expires_at)))
    end::INTEGER as overlap_window_days
  from keys k
  cross join workspace w
  cross join c
)
select
  k.key_id,
  k.name as label,
  k.environment,
  k.status,
  k.expires_at,
  count(pc.consumer_id)::INTEGER as consumers_to_switch,
  coalesce(sum(pc.requests_per_day), 0) as requests_per_day,
  count(pc.consumer_id) filter (where pc.primary_caller_kind = 'automation')::INTEGER as automation_consumers,
  count(pc.consumer_id) filter (where pc.primary_caller_kind = 'assistant')::INTEGER as assistant_consumers,
  count(pc.consumer_id) filter (where pc.primary_caller_kind = 'human')::INTEGER as human_consumers,
  coalesce(max(r.routes_reached), 0)::INTEGER as routes_reached,
  wd.overlap_window_days,
  wd.overlap_window_days >= c.rotation_overlap_min_days as has_overlap_window,
  s.score as blast_score
from keys k
cross join c
join window_days wd on wd.key_id = k.key_id
join v_blast_score s on s.target_type = 'key' and s.target_id = k.key_id
left join per_consumer pc on pc.key_id = k.key_id
left join reach r on r.key_id = k.key_id
group by all
