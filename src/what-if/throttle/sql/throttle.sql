-- Throttle what-if: the stored macro's prediction for a key or consumer at a proposed rpm budget,
-- with each stream's key named.
select p.consumer_id, p.key_id, p.name, k.name as key_name, p.primary_caller_kind, p.requests_per_day,
  p.throttled_per_day, p.minutes_over_per_day, p.throttled_pct
from preview_throttle($target_id, $rpm::INTEGER) p
join v_key_stats k on k.key_id = p.key_id
order by p.throttled_per_day desc, p.requests_per_day desc, p.consumer_id, p.key_id
