-- Sampled requests by caller kind: human, automation, assistant.
select caller_kind, requests, share_pct
from v_caller_mix
order by sort_order
