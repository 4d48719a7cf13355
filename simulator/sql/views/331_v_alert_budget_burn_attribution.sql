-- Who burned the budget in each error-budget burn alert: per alert, dimension (route, function,
-- consumer) and target, its sampled 5xx in the alert's span and its share of them (per alert and
-- dimension the shares add up to exactly 100), with the target's name and page.
create or replace view v_alert_budget_burn_attribution as
select
  scope as alert_id,
  dimension,                                   -- 'route' | 'function' | 'consumer'
  target_id,
  label,
  round(charged_5xx, 2)::DOUBLE as sample_5xx, -- sampled 5xx charged to it (fractional for functions)
  share_pct,                                   -- % of the alert's sampled 5xx in this dimension
  rank,                                        -- 1 = burned most
  href
from budget_burn_attribution_rollup
where scope <> 'period'
