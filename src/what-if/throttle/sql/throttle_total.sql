-- Throttle what-if: the stored macro's predicted 429s per day over every stream of a key or
-- consumer at a proposed rpm budget (one row), the preview's headline.
select throttled_per_day from preview_throttle_total($target_id, $rpm::INTEGER)
