-- Who burned the error budget over the whole period, from the daily facts (exact 5xx): per
-- dimension (route, function, consumer) and target, its 5xx, its share of them (per dimension the
-- shares add up to exactly 100) and the share of the period's budget they spent.
create or replace view v_budget_burn_attribution as
with budget as (
  select sum(requests) * (100 - any_value(t.availability_target_pct)) / 100 as budget_requests
  from traffic_daily
  cross join thresholds t
)
select
  a.dimension,                                            -- 'route' | 'function' | 'consumer'
  a.target_id,
  a.label,
  round(a.charged_5xx, 1)::DOUBLE as status_5xx,          -- its 5xx over the period (functions: charged)
  a.share_pct,                                            -- % of the period's 5xx in this dimension
  round(100 * a.charged_5xx / nullif(b.budget_requests, 0), 2)::DOUBLE as budget_spent_pct,
  a.rank,                                                 -- 1 = burned most
  a.href
from budget_burn_attribution_rollup a
cross join budget b
where a.scope = 'period'
