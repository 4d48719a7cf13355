-- Who burned each alert's budget: its top routes, functions and consumers by share of the sampled 5xx
-- in its span (v_alert_budget_burn_attribution), the first few of each.
select alert_id, dimension, target_id, label, sample_5xx, share_pct, rank::INTEGER as rank, href
from v_alert_budget_burn_attribution
where rank <= $top
order by alert_id, dimension, rank
