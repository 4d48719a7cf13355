-- Rotate-a-key what-if: the consumers that must switch, busiest first.
select consumer_id, name, primary_caller_kind, requests_per_day, routes, other_active_keys
from v_preview_rotate_key_consumers
where key_id = $key_id
order by requests_per_day desc, consumer_id
