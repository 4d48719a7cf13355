-- One consumer's requests by caller kind (always three rows: human, automation, assistant).
select caller_kind, requests, share_pct
from v_consumer_caller_mix
where consumer_id = $consumer_id
order by sort_order
