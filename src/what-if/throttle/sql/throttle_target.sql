-- Throttle what-if: the target's current budget (a key's rpm_budget; a consumer's busiest key's)
-- and the period's days, the denominator of every per-day figure.
select
  $target_id as target_id,
  coalesce(
    (select rpm_budget from v_key_stats where key_id = $target_id),
    (select any_value(k.rpm_budget) from v_blast_edges e join v_key_stats k on k.key_id = e.key_id
      where e.consumer_id = $target_id group by k.key_id order by sum(e.requests_per_day) desc, k.key_id limit 1)
  ) as rpm_budget,
  (select days from v_period) as days
