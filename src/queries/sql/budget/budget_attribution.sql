-- Who burned the period's budget: the top routes, functions and consumers by share of the 5xx
-- (v_budget_burn_attribution), and one row per dimension for all the others together.
select dimension, target_id, label, status_5xx, share_pct, budget_spent_pct, rank::INTEGER as rank, href
from v_budget_burn_attribution
where rank <= $top
union all
select dimension, null, null, sum(status_5xx), sum(share_pct), sum(budget_spent_pct), null, null
from v_budget_burn_attribution
where rank > $top
group by dimension
order by dimension, rank nulls last
