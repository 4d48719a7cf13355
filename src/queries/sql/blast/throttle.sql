-- Throttle what-if: the stored macro's prediction for a key or consumer at a proposed rpm budget.
select consumer_id, key_id, name, primary_caller_kind, requests_per_day, throttled_per_day,
  minutes_over_per_day, throttled_pct
from preview_throttle($target_id, $rpm::INTEGER)
order by throttled_per_day desc, requests_per_day desc, consumer_id, key_id
