-- Caller mix of the log sample (via log_sample_counts): always three rows (human, automation,
-- assistant), zero when a kind is absent.
create or replace view v_caller_mix as
with kinds(caller_kind, sort_order) as (
  values ('human', 1), ('automation', 2), ('assistant', 3)
),
counts as (
  select caller_kind, sum(requests) as requests from log_sample_counts group by caller_kind
),
total as (
  select sum(requests) as requests from log_sample_counts
)
select
  k.caller_kind,
  coalesce(c.requests, 0)::INTEGER as requests,                                   -- sampled requests
  (coalesce(c.requests, 0) * 100.0 / nullif(t.requests, 0))::DOUBLE as share_pct, -- % of the sample
  k.sort_order::INTEGER as sort_order                                              -- human, automation, assistant
from kinds k
cross join total t
left join counts c on c.caller_kind = k.caller_kind;
