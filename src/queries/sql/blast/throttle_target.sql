-- Throttle what-if: the target's current budget (a key's rpm_budget; a consumer's busiest key's)
-- and the period's days, the denominator of every per-day figure.
select
  $target_id as target_id,
  coalesce(
    (select rpm_budget from keys where key_id = $target_id),
    (select k.rpm_budget from v_key_dependents d join keys k on k.key_id = d.key_id
      where d.consumer_id = $target_id order by d.requests_per_day desc, k.key_id limit 1)
  ) as rpm_budget,
  (select days from workspace) as days
