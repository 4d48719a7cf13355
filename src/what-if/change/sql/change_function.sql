-- Change-a-function what-if: the summary for one function (v_preview_change_function).
select
  function_id, label, runtime, region, status, routes_served, requests_per_day, agent_share_pct,
  consumers, automation_consumers, assistant_consumers, blast_score
from v_preview_change_function
where function_id = $function_id
